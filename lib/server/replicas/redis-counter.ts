import 'server-only';

import type { Redis } from 'ioredis';
import { createMemoryCounter, type ActiveStreamCounter } from './active-counter';

/*
 * Each replica is one sorted set: stream lease → expiry, on Redis's own clock (TIME), so instances
 * with skewed clocks agree. An instance renews its leases while their streams run; a crashed
 * instance's leases expire, so its streams stop counting after the TTL instead of forever.
 */
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** KEYS: the replica's set. ARGV: ttl, lease. Adds (or renews) the lease. */
const HOLD = `${NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 2)
return 1`;

/** KEYS: the replicas' sets. Returns the live leases of each, dropping expired ones. */
const COUNT = `${NOW}
local out = {}
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  out[i] = redis.call('ZCARD', key)
end
return out`;

const SCRIPTS = { ReplicaHold: HOLD, ReplicaCount: COUNT } as const;
type Command = (...args: (string | number)[]) => Promise<unknown>;

/** How long a lease lives without renewal; renewed every third of it. */
const LEASE_TTL_MS = 30_000;

/**
 * Active streams per replica counted across every instance through Redis (`REDIS_URL`). This
 * instance's own streams are counted in memory too, which is what counts while Redis cannot be
 * reached: chats keep going to the least busy replica this instance knows of.
 */
export function createSharedCounter(
  shared: () => Promise<Redis | undefined>,
  { prefix = 'runnel:replicas:', ttlMs = LEASE_TTL_MS } = {},
): ActiveStreamCounter {
  const local = createMemoryCounter();
  /** This instance's leases in Redis: lease id → replica, renewed while the stream runs. */
  const live = new Map<string, string>();
  let renewal: ReturnType<typeof setInterval> | undefined;

  function commands(redis: Redis): Record<keyof typeof SCRIPTS, Command> {
    const all = redis as unknown as Record<string, Command>;
    for (const [name, lua] of Object.entries(SCRIPTS)) {
      if (!all[`runnel${name}`]) redis.defineCommand(`runnel${name}`, { lua });
    }
    return {
      ReplicaHold: all.runnelReplicaHold!.bind(redis),
      ReplicaCount: all.runnelReplicaCount!.bind(redis),
    };
  }

  async function renewAll(): Promise<void> {
    const redis = await shared();
    if (!redis || live.size === 0) return;
    const { ReplicaHold } = commands(redis);
    await Promise.all(
      [...live].map(([id, replica]) => ReplicaHold(1, prefix + replica, ttlMs, id)),
    ).catch(() => undefined);
  }

  function keepRenewing(): void {
    if (renewal || live.size === 0) return;
    renewal = setInterval(() => {
      if (live.size === 0) {
        clearInterval(renewal);
        renewal = undefined;
        return;
      }
      void renewAll();
    }, ttlMs / 3);
    renewal.unref?.();
  }

  return {
    async add(replica) {
      const countOff = await local.add(replica);
      const id = crypto.randomUUID();
      const redis = await shared();
      if (redis) {
        try {
          await commands(redis).ReplicaHold(1, prefix + replica, ttlMs, id);
          live.set(id, replica);
          keepRenewing();
        } catch {
          // Redis failed now: this stream counts in this instance only (and nowhere after).
        }
      }
      return () => {
        countOff();
        if (!live.delete(id)) return;
        void shared()
          .then((r) => r?.zrem(prefix + replica, id))
          .catch(() => undefined);
      };
    },
    async counts(replicas) {
      const redis = await shared();
      if (redis) {
        try {
          const keys = replicas.map((r) => prefix + r);
          const result = await commands(redis).ReplicaCount(keys.length, ...keys);
          return (result as number[]).map(Number);
        } catch {
          // Fall through to what this instance knows.
        }
      }
      return local.counts(replicas);
    },
  };
}
