import 'server-only';
import type { Deployment } from '../config/auth-config';
import type { AuthConfig } from '../config/auth-schema';

/**
 * Whether anyone who reaches this server may use it and its backends: no sign-in method is set,
 * it runs in production, and it accepts connections from other machines (Vercel always does).
 * A development server, or one listening on loopback only, is a local tool and says nothing.
 * Both the start-up warning and `"access":"open"` in `/api/health` ask this.
 */
export function isOpenServer(
  config: Pick<AuthConfig, 'closed'>,
  deployment: Pick<Deployment, 'production' | 'beyondLoopback'>,
): boolean {
  return !config.closed && deployment.production && deployment.beyondLoopback;
}
