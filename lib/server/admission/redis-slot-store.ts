import 'server-only';

import type { Redis } from 'ioredis';
import type { Admission, SlotStore } from './slot-store';

/*
 * Each key is three sorted sets: `<key>:held` (lease → expiry), `<key>:line` (waiter → ticket, the
 * order of arrival) and `<key>:alive` (waiter → expiry). Every script first drops what expired,
 * on Redis's own clock (TIME), so instances with skewed clocks agree. The sets themselves expire
 * when nobody renews them, so keys of idle identities do not accumulate.
 */

const PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local dead = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)
for _, w in ipairs(dead) do
  redis.call('ZREM', KEYS[2], w)
  redis.call('ZREM', KEYS[3], w)
end
local function keep(k) redis.call('PEXPIRE', k, ttl * 2) end
`;

/** KEYS: held, line, alive. ARGV: ttl, limit, lease. Returns 1 when taken (or already held). */
const TRY_ACQUIRE = `${PRELUDE}
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return 1
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) or redis.call('ZCARD', KEYS[2]) > 0 then
  return 0
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[3])
keep(KEYS[1])
return 1`;

/** KEYS: held, line, alive, ticket counter. ARGV: ttl, limit, waiter. Returns -1 when admitted (or already holding), else waiters ahead. */
const ADMIT = `${PRELUDE}
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return -1
end
if not redis.call('ZSCORE', KEYS[2], ARGV[3]) then
  redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[4]), ARGV[3])
end
local rank = redis.call('ZRANK', KEYS[2], ARGV[3])
if rank < tonumber(ARGV[2]) - redis.call('ZCARD', KEYS[1]) then
  redis.call('ZREM', KEYS[2], ARGV[3])
  redis.call('ZREM', KEYS[3], ARGV[3])
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[3])
  keep(KEYS[1])
  return -1
end
redis.call('ZADD', KEYS[3], now + ttl, ARGV[3])
keep(KEYS[2]) keep(KEYS[3]) keep(KEYS[4])
return rank`;

/** KEYS: held, line, alive. ARGV: ttl, lease. Renews whichever of the two it is. */
const RENEW = `${PRELUDE}
if redis.call('ZSCORE', KEYS[2], ARGV[2]) then
  redis.call('ZADD', KEYS[3], now + ttl, ARGV[2])
  keep(KEYS[2]) keep(KEYS[3])
else
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[2])
  keep(KEYS[1])
end
return 1`;

/** KEYS: held, line, alive. ARGV: ttl (unused), lease. */
const RELEASE = `${PRELUDE}
redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('ZREM', KEYS[3], ARGV[2])
return redis.call('ZCARD', KEYS[1])`;

const HELD = `${PRELUDE}
return redis.call('ZCARD', KEYS[1])`;

type Run = (script: string, keys: string[], args: (string | number)[]) => Promise<unknown>;

const SCRIPTS = { TRY_ACQUIRE, ADMIT, RENEW, RELEASE, HELD };

/** Slots shared by every instance through Redis; each operation is one atomic script. */
export function createRedisSlotStore(redis: Redis, prefix = 'runnel:slots:'): SlotStore {
  const keys = (key: string) => [
    `${prefix}${key}:held`,
    `${prefix}${key}:line`,
    `${prefix}${key}:alive`,
  ];
  // ioredis's defined commands send EVALSHA and fall back to EVAL when Redis lost the script.
  const commands = redis as unknown as Record<
    string,
    (...args: (string | number)[]) => Promise<unknown>
  >;
  for (const [name, lua] of Object.entries(SCRIPTS)) {
    if (!commands[`runnel${name}`]) redis.defineCommand(`runnel${name}`, { lua });
  }
  const run: Run = (script, k, args) => {
    const name = Object.entries(SCRIPTS).find(([, lua]) => lua === script)![0];
    return commands[`runnel${name}`]!(k.length, ...k, ...args);
  };
  return {
    async tryAcquire(key, lease, limit, ttlMs) {
      return (await run(TRY_ACQUIRE, keys(key), [ttlMs, limit, lease])) === 1;
    },
    async admit(key, waiter, limit, ttlMs): Promise<Admission> {
      const result = Number(
        await run(ADMIT, [...keys(key), `${prefix}${key}:ticket`], [ttlMs, limit, waiter]),
      );
      return result < 0 ? { admitted: true } : { admitted: false, ahead: result };
    },
    async renew(key, lease, ttlMs) {
      await run(RENEW, keys(key), [ttlMs, lease]);
    },
    async release(key, lease) {
      await run(RELEASE, keys(key), [0, lease]);
    },
    async held(key) {
      return Number(await run(HELD, keys(key), [0]));
    },
  };
}
