import 'server-only';

import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Does the request carry `Authorization: Bearer <token>`? Compared in constant time (over
 * digests, so the length of the token does not leak either).
 */
export function bearerMatches(authorization: string | null, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1].trim()), digest(token));
}
