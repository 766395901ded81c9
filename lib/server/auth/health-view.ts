import 'server-only';
import { ConfigError } from '../config/config-error';
import { getAuthConfig, getDeployment } from '../config/auth-config';
import { isOpenServer } from './open-server';
import { authenticate } from './authenticate';

/** How much `/api/health` may tell this request. */
export interface HealthView {
  /** Backend ids, labels and addresses, or only the overall status. */
  detail: 'full' | 'status';
  /** True when anyone who reaches this production server may use it: no sign-in method is set. */
  open: boolean;
}

/**
 * Backend addresses are internal: a signed-in user (or anyone, on a server with no sign-in method,
 * as before access control existed) sees the providers; a request without a session, a widget
 * visitor, and any request when the access configuration is broken see only up/degraded/down.
 */
export async function healthView(request: Request): Promise<HealthView> {
  try {
    const config = getAuthConfig();
    const deployment = getDeployment();
    const { identity } = await authenticate(request.headers);
    const full = identity?.kind === 'user' || identity?.kind === 'anonymous';
    return {
      detail: full ? 'full' : 'status',
      open: isOpenServer(config, deployment),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { detail: 'status', open: false };
  }
}
