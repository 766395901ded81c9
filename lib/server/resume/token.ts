import 'server-only';

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new resume token: 32 random bytes, URL-safe (256 bits: unguessable, never enumerable). */
export function newResumeToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is kept of a token: its SHA-256. A dump of the store (Redis, a heap snapshot) then holds
 * nothing that lets anyone read or stop an answer.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the one whose hash is `hash`, in constant time. */
export function tokenMatches(token: string, hash: string): boolean {
  const given = Buffer.from(hashToken(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
