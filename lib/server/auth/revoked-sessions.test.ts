import { describe, expect, it } from 'vitest';
import { redisForTests } from '../../../testing/unit/redis-for-tests';
import { createRevokedSessions } from './revoked-sessions';

const redis = redisForTests();

describe('revoked sessions', () => {
  it('a session signed out on one instance is refused by another, until it would have expired', async () => {
    let now = Date.now();
    const clock = () => now;
    const one = createRevokedSessions(async () => redis(), clock);
    const two = createRevokedSessions(async () => redis(), clock);
    const token = `sealed.${crypto.randomUUID()}`;
    expect(await two.isRevoked(token)).toBe(false);
    await one.revoke(token, now + 60_000);
    expect(await one.isRevoked(token)).toBe(true);
    expect(await two.isRevoked(token)).toBe(true);
    expect(await two.isRevoked(`${token}-other`)).toBe(false);
    // Kept no longer than the session would have lived (Redis expires it itself).
    const keys = await redis().keys('runnel:revoked-session:*');
    const ttl = await redis().pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(JSON.stringify(keys)).not.toContain(token);
    now += 61_000;
    const alone = createRevokedSessions(async () => undefined, clock);
    await alone.revoke(token, now - 1);
    expect(await alone.isRevoked(token)).toBe(false);
  });

  it('holds on the instance that took the sign-out when there is no Redis', async () => {
    const memory = createRevokedSessions(async () => undefined);
    await memory.revoke('t', Date.now() + 1000);
    expect(await memory.isRevoked('t')).toBe(true);
  });

  it('keeps at most its limit in memory, the longest-held let go and still found in Redis', async () => {
    const clock = () => Date.now();
    const tokens = Array.from({ length: 5 }, () => `sealed.${crypto.randomUUID()}`);
    const withRedis = createRevokedSessions(async () => redis(), clock, 3);
    const alone = createRevokedSessions(async () => undefined, clock, 3);
    for (const token of tokens) {
      await withRedis.revoke(token, Date.now() + 60_000);
      await alone.revoke(token, Date.now() + 60_000);
    }
    for (const token of tokens) expect(await withRedis.isRevoked(token)).toBe(true);
    expect(await Promise.all(tokens.map((t) => alone.isRevoked(t)))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
