import 'server-only';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { deriveKey } from './keys';

/** What the callback needs to finish a sign-in the browser started. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The redirect URI the authorization request named (the token request must repeat it). */
  redirectUri: string;
  /** Where to go after signing in. */
  next: string;
}

/** The flow cookie: scoped to the callback's path, gone after one use or 10 minutes. */
export const OIDC_FLOW_COOKIE = 'runnel_oidc';
export const OIDC_FLOW_MAX_AGE_S = 600;
export const OIDC_FLOW_PATH = '/auth/oidc';

const HEADER = { alg: 'dir', enc: 'A256GCM' } as const;

/** Seals a flow into the cookie value (encrypted: the PKCE verifier must stay secret). */
export function sealFlow(flow: OidcFlow, secret: string): Promise<string> {
  return new EncryptJWT({
    s: flow.state,
    o: flow.nonce,
    v: flow.codeVerifier,
    r: flow.redirectUri,
    x: flow.next,
  })
    .setProtectedHeader(HEADER)
    .setIssuedAt()
    .setExpirationTime(`${OIDC_FLOW_MAX_AGE_S}s`)
    .encrypt(deriveKey(secret, 'oidc-flow'));
}

/** The flow in a cookie value, or null (missing, tampered with or expired). */
export async function openFlow(
  token: string | undefined,
  secret: string,
): Promise<OidcFlow | null> {
  if (!token) return null;
  try {
    const { payload: p } = await jwtDecrypt(token, deriveKey(secret, 'oidc-flow'), {
      keyManagementAlgorithms: [HEADER.alg],
      contentEncryptionAlgorithms: [HEADER.enc],
    });
    const { s: state, o: nonce, v: codeVerifier, r: redirectUri, x: next } = p;
    if (
      typeof state !== 'string' ||
      typeof nonce !== 'string' ||
      typeof codeVerifier !== 'string' ||
      typeof redirectUri !== 'string' ||
      typeof next !== 'string'
    ) {
      return null;
    }
    return { state, nonce, codeVerifier, redirectUri, next };
  } catch {
    return null;
  }
}
