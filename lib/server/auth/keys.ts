import 'server-only';
import { createHmac, hkdfSync } from 'node:crypto';

/** What a derived key is for; each purpose gets its own key, so one can never stand in for another. */
export type KeyPurpose = 'session' | 'oidc-flow' | 'embed-pass' | 'access-code';

const derived = new Map<string, Uint8Array>();

/**
 * A 256-bit key for one purpose, derived from `AUTH_SECRET` with HKDF-SHA256. Deriving (rather than
 * using the secret directly) lets one variable key the session cookie, the sign-in flow cookie,
 * the embed pass and the access-code digests independently.
 */
export function deriveKey(secret: string, purpose: KeyPurpose): Uint8Array {
  const id = `${purpose}\0${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'runnel', `runnel ${purpose} v1`, 32));
    derived.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of `text` under a derived key: fixed-length digests for constant-time comparison. */
export function digest(secret: string, purpose: KeyPurpose, text: string): Buffer {
  return createHmac('sha256', deriveKey(secret, purpose)).update(text, 'utf8').digest();
}
