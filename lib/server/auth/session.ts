import 'server-only';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { deriveKey } from './keys';

/** Who a session cookie says is signed in. */
export interface SessionUser {
  /** Stable per person (`oidc:…`) or per access code (`code:…`). */
  key: string;
  /** What the header shows. */
  name: string;
  method: 'access-code' | 'oidc';
  /** The address OpenID Connect gave, re-checked against `OIDC_ALLOWED_EMAILS` on every request. */
  email?: string;
}

/** A session as a cookie holds it: who, and until when (ms since the epoch). */
export interface OpenedSession extends SessionUser {
  expiresAt: number;
}

/** The session cookie's name. */
export const SESSION_COOKIE = 'runnel_session';

const HEADER = { alg: 'dir', enc: 'A256GCM' } as const;

/**
 * Seals a session into an encrypted JWT (JWE, `dir` + A256GCM, key derived from `AUTH_SECRET`):
 * the browser can neither read nor change it, and it carries its own expiry.
 */
export async function sealSession(
  user: SessionUser,
  options: { secret: string; maxAgeS: number; now?: number },
): Promise<string> {
  const nowS = Math.floor((options.now ?? Date.now()) / 1000);
  return new EncryptJWT({ n: user.name, m: user.method, ...(user.email ? { e: user.email } : {}) })
    .setProtectedHeader(HEADER)
    .setSubject(user.key)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + options.maxAgeS)
    .encrypt(deriveKey(options.secret, 'session'));
}

/** The session in a cookie value, or null when it is forged, tampered with, expired or malformed. */
export async function openSession(
  token: string,
  options: { secret: string; now?: number },
): Promise<OpenedSession | null> {
  try {
    const { payload } = await jwtDecrypt(token, deriveKey(options.secret, 'session'), {
      keyManagementAlgorithms: [HEADER.alg],
      contentEncryptionAlgorithms: [HEADER.enc],
      currentDate: new Date(options.now ?? Date.now()),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, n, m, e, exp } = payload;
    if (typeof sub !== 'string' || typeof n !== 'string') return null;
    if (m !== 'access-code' && m !== 'oidc') return null;
    return {
      key: sub,
      name: n,
      method: m,
      ...(typeof e === 'string' ? { email: e } : {}),
      expiresAt: (exp ?? 0) * 1000,
    };
  } catch {
    return null;
  }
}
