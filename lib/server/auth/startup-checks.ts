import 'server-only';
import type { AuthConfig } from '../config/auth-schema';
import type { Deployment } from '../config/auth-config';
import { isOpenServer } from './open-server';

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const MIN_CODE_LENGTH = 8;

/** What the checks know about this server besides its configuration. */
export interface StartupFacts extends Deployment {
  /** The port `next start` serves plain http on, when known. */
  httpPort?: number;
}

/**
 * What is wrong or risky in the access setup, one line each, checked once at start-up without
 * any I/O (the issuer's reachability is checked apart). The lines name variables, never values
 * that are secrets.
 */
export function accessWarnings(config: AuthConfig, facts: StartupFacts): string[] {
  const lines: string[] = [];
  if (isOpenServer(config, facts)) {
    lines.push(
      'No sign-in method is set (ACCESS_CODES, OIDC_ISSUER or AUTH_PROXY_HEADER) and the server accepts connections from other machines: anyone who reaches it can use it and its backends.',
    );
  }
  config.accessCodes.forEach((code, i) => {
    if (code.code.length < MIN_CODE_LENGTH) {
      const which = code.name ? `the code named "${code.name}"` : `entry ${i + 1}`;
      lines.push(
        `ACCESS_CODES: ${which} is shorter than ${MIN_CODE_LENGTH} characters; long codes are much harder to guess.`,
      );
    }
  });
  const publicURL = config.publicURL ? new URL(config.publicURL) : undefined;
  const remote = publicURL && !LOOPBACK_HOST.test(publicURL.hostname);
  if (config.oidc) {
    if (!config.oidc.allowedEmails.length) {
      lines.push(
        `OIDC_ALLOWED_EMAILS is not set: every account ${config.oidc.issuer} signs in may use Runnel.`,
      );
    }
    if (!publicURL && facts.production) {
      lines.push(
        'PUBLIC_URL is not set: the OpenID Connect redirect URI is built from each request, and behind a TLS-terminating proxy that does not send X-Forwarded-Proto it is an http:// URI the provider refuses. Set PUBLIC_URL to the https origin users see.',
      );
    } else if (publicURL?.protocol === 'http:' && remote) {
      lines.push(
        `PUBLIC_URL is http: the OpenID Connect redirect URI ${config.publicURL}/auth/oidc/callback is plain http, which providers refuse for other hosts than localhost.`,
      );
    }
  }
  if (config.closed && publicURL?.protocol === 'http:' && remote) {
    lines.push(
      'PUBLIC_URL is http: session cookies cannot be Secure and travel unencrypted. Serve Runnel over https.',
    );
  }
  if (
    config.closed &&
    publicURL?.protocol === 'https:' &&
    facts.httpPort !== undefined &&
    Number(publicURL.port || 443) === facts.httpPort
  ) {
    lines.push(
      `PUBLIC_URL is ${config.publicURL}, but Runnel itself serves plain http on port ${facts.httpPort}: a browser reaching it there cannot keep the Secure session cookie. Put the TLS proxy on that address, or change PUBLIC_URL.`,
    );
  }
  return lines;
}
