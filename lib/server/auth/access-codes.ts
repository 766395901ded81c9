import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import type { AccessCode } from '../config/auth-schema';
import { digest } from './keys';
import type { SessionUser } from './session';

/**
 * The access code `given` matches, if any. Every configured code is compared, each as a keyed
 * digest of equal length with `timingSafeEqual`, so neither the time taken nor an early exit tells
 * how much of a guess was right, or which code it was close to.
 */
export function matchAccessCode(
  codes: readonly AccessCode[],
  given: string,
  secret: string,
): AccessCode | undefined {
  const guess = digest(secret, 'access-code', given);
  let match: AccessCode | undefined;
  for (const code of codes) {
    const equal = timingSafeEqual(digest(secret, 'access-code', code.code), guess);
    if (equal && !match) match = code;
  }
  return match;
}

/**
 * The session user of an access code. A bare code is keyed by a keyed digest of its value, so logs
 * and limits can tell codes apart without ever showing one.
 */
export function accessCodeUser(code: AccessCode, secret: string): SessionUser {
  const id = code.name ?? digest(secret, 'access-code', code.code).toString('hex').slice(0, 12);
  return { key: `code:${id}`, name: code.name ?? 'Access code', method: 'access-code' };
}

/** Whether a session's access code is still configured (removing a code signs its sessions out). */
export function accessCodeStillValid(
  codes: readonly AccessCode[],
  key: string,
  secret: string,
): boolean {
  return codes.some((code) => accessCodeUser(code, secret).key === key);
}
