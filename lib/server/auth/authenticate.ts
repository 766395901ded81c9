import 'server-only';
import type { HeaderSource } from './header-source';
import { getEmbedAllowlist } from '../config/embed-config';
import { getAuthConfig, getDeployment } from '../config/auth-config';
import { authenticateWith, type Authentication } from './authenticate-with';
import { clientAddressWith } from './client-address';
import { revokedSessions } from './session-revocation';

/**
 * Who sent these headers, under this server's access configuration (the checks themselves are
 * `authenticateWith`, authenticate-with.ts). Throws a ConfigError when the configuration is invalid.
 */
export function authenticate(headers: HeaderSource): Promise<Authentication> {
  const config = getAuthConfig();
  return authenticateWith(headers, {
    config,
    addressPolicy: { forwardedAllow: config.forwardedAllow, vercel: getDeployment().vercel },
    embedAllowlist: getEmbedAllowlist(),
    revoked: revokedSessions(),
  });
}

/**
 * The client's address (throttles, limits, logs): the TCP peer, or what the trusted reverse
 * proxies in `FORWARDED_ALLOW_IPS` say (client-address.ts). Throws a ConfigError when the access
 * configuration is invalid.
 */
export function clientAddress(request: Request): string {
  const config = getAuthConfig();
  return clientAddressWith(request.headers, {
    forwardedAllow: config.forwardedAllow,
    vercel: getDeployment().vercel,
  });
}
