import 'server-only';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Sessions signed out before they expired. */
export interface RevokedSessions {
  /** Marks the session sealed in `token` as signed out until `expiresAt` (ms since the epoch). */
  revoke(token: string, expiresAt: number): Promise<void>;
  /** Whether the session sealed in `token` was signed out. */
  isRevoked(token: string): Promise<boolean>;
}

/** A session's name in the list: a digest of its cookie value (the value itself is a credential). */
const sessionId = (token: string) => createHash('sha256').update(token).digest('base64url');

const KEY_PREFIX = 'runnel:revoked-session:';

/**
 * Signed-out sessions an instance keeps in memory at most (some 15 MB). Past it the longest-held
 * is let go: with Redis it is still found there; without, only a flood of sign-outs (anyone with an
 * access code may sign in and out in a loop) gets that far, and memory must not grow with it.
 */
export const MAX_LOCAL_REVOCATIONS = 100_000;

/**
 * A session cookie carries its own expiry and is checked without any store, so deleting the cookie
 * at sign-out leaves a copy of it (a shared computer, a stolen cookie) valid for the rest of its
 * life. Signed-out sessions are listed here until they would have expired: in this instance's
 * memory, and in Redis when `redis()` gives one, so every instance refuses them. With Redis
 * unreachable a sign-out still holds on the instance that took it.
 */
export function createRevokedSessions(
  redis: () => Promise<Redis | undefined>,
  now: () => number = Date.now,
  max = MAX_LOCAL_REVOCATIONS,
): RevokedSessions {
  const local = new Map<string, number>();
  let keptAtPrune = 0;
  /** Drops expired entries once the list has doubled since the last time: O(1) a sign-out. */
  const prune = () => {
    if (local.size < Math.max(1024, 2 * keptAtPrune)) return;
    const t = now();
    for (const [id, until] of local) if (until <= t) local.delete(id);
    keptAtPrune = local.size;
  };
  return {
    async revoke(token, expiresAt) {
      const ttlMs = expiresAt - now();
      if (ttlMs <= 0) return;
      const id = sessionId(token);
      prune();
      local.delete(id);
      local.set(id, expiresAt);
      // A Map keeps insertion order: the first key is the longest-held.
      if (local.size > max) local.delete(local.keys().next().value!);
      const shared = await redis();
      await shared?.set(`${KEY_PREFIX}${id}`, '1', 'PX', ttlMs).catch(() => undefined);
    },
    async isRevoked(token) {
      const id = sessionId(token);
      const until = local.get(id);
      if (until !== undefined) {
        if (until > now()) return true;
        local.delete(id);
      }
      const shared = await redis();
      if (!shared) return false;
      // Redis unreachable: what this instance knows is all there is to go by.
      return (await shared.exists(`${KEY_PREFIX}${id}`).catch(() => 0)) === 1;
    },
  };
}
