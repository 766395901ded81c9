import 'server-only';
import { ConfigError } from '../config/config-error';
import { getServerConfig } from '../config/server-config';
import { getUiConfig } from '../config/ui-config';
import { getAuthConfig, getDeployment } from '../config/auth-config';
import { oidcClient } from './oidc-client';
import { installPeerStamp } from './peer-stamp';
import { accessWarnings } from './startup-checks';

/**
 * Called once when the server starts (instrumentation.ts): stamps requests with their TCP peer,
 * validates the configuration — a bad value is logged at once, naming the variable, and every
 * request then fails closed — and names what is wrong in the sign-in setup, one line each. The
 * issuer is probed in the background, so an identity provider that is slow to answer does not
 * hold up the start.
 */
export function startAccess(): void {
  installPeerStamp();
  try {
    getServerConfig();
    getUiConfig();
    const config = getAuthConfig();
    for (const line of accessWarnings(config, getDeployment())) {
      console.warn(`[runnel] warning: ${line}`);
    }
    if (config.oidc) {
      const { issuer } = config.oidc;
      oidcClient(config.oidc, 5).catch((error: Error) => {
        // fetch's own message ("fetch failed") says little; a cause names the network error.
        let cause: string | undefined;
        for (let e: unknown = error; e && !cause; e = (e as { cause?: unknown }).cause) {
          cause = (e as { code?: string }).code;
        }
        console.error(
          `[runnel] OIDC_ISSUER ${issuer} cannot be reached: ${error.message}${cause ? ` (${cause})` : ''}`,
        );
      });
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[runnel] ${error.message} — requests fail until it is fixed.`);
  }
}
