import 'server-only';
import type { HeaderSource } from './header-source';
import { getEmbedAllowlist } from '../config/embed-config';
import { getAuthConfig, getDeployment } from '../config/auth-config';
import { authenticateWith, type Authentication } from './authenticate';
import { clientAddressWith } from './client-address';
import type { Identity } from './identity';
import { revokedSessions } from './session-revocation';

/** `authenticateWith` this server's configuration. Throws a ConfigError when it is invalid. */
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
 * Who is making this request, or null when it may not be served (a sign-in method is configured
 * and the request has no valid session, trusted proxy header or embed pass). Throws a ConfigError
 * when the access configuration is invalid, so a broken setup is never served open.
 */
export async function resolveIdentity(request: Request): Promise<Identity | null> {
  return (await authenticate(request.headers)).identity;
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
