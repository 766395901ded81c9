import 'server-only';
import * as client from 'openid-client';
import type { OidcConfig } from '../config/auth-schema';

let discovered: { issuer: string; config: Promise<client.Configuration> } | undefined;

/** Whether the issuer is plain http on this machine (a local test or development provider). */
function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(url.hostname);
}

/**
 * The issuer's metadata and this client, discovered once (`/.well-known/openid-configuration`)
 * and kept; a failed discovery is forgotten so the next sign-in tries again. Plain http is allowed
 * only for an issuer on loopback (the configuration refuses any other http issuer).
 */
export function oidcClient(oidc: OidcConfig, timeoutS = 10): Promise<client.Configuration> {
  if (discovered?.issuer !== oidc.issuer) {
    const config = client.discovery(
      new URL(oidc.issuer),
      oidc.clientId,
      undefined,
      // The method every provider supports (OpenID Connect's default).
      client.ClientSecretBasic(oidc.clientSecret),
      {
        timeout: timeoutS,
        ...(isLoopbackHttp(oidc.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    const entry = { issuer: oidc.issuer, config };
    config.catch(() => {
      if (discovered === entry) discovered = undefined;
    });
    discovered = entry;
  }
  return discovered.config;
}
