import 'server-only';
import { Redis } from 'ioredis';
import { getServerConfig } from '../config/server-config';

/**
 * The process's Redis connection, shared by every feature that keeps state across
 * instances (admission slots, resumable answers, replica counts); the rate counters (limits,
 * sign-in throttling) and resumable answers' copies and blocking reads have connections of their
 * own beside it.
 *
 * Configured so that an unreachable Redis never holds a request up: no offline queue (a command
 * while disconnected fails at once instead of waiting for a reconnect), short connect and command
 * timeouts, and reconnecting in the background forever. Callers decide what a failure means
 * (limits fall back to this instance's memory; see docs/decisions.md).
 */
export const REDIS_OPTIONS = {
  enableOfflineQueue: false,
  connectTimeout: 1_000,
  commandTimeout: 500,
  maxRetriesPerRequest: 0,
  // Back off up to 2 s between attempts, and never give up: Redis coming back is noticed by itself.
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 2_000),
} as const;

/** How long the first request waits for the very first connection (start-up only). */
const FIRST_CONNECT_WAIT_MS = 1_000;

export interface RedisHealth {
  reachable: boolean;
  latency_ms?: number;
}

let client: Redis | undefined;
let counters: Redis | undefined;
const firstConnects = new WeakMap<Redis, Promise<void>>();

/**
 * Opens a Redis connection with {@link REDIS_OPTIONS}; errors are logged once per outage (never the
 * URL, which may hold a password). For scripts and tests; the app uses {@link getRedis}.
 */
function createRedis(url: string, label = 'Redis'): Redis {
  return logOutages(new Redis(url, REDIS_OPTIONS), label);
}

/**
 * A connection of its own beside `redis` (same server, same options but `overrides`), for what
 * cannot share the one connection: a subscription (a subscribed connection takes no other
 * command) or a blocking read (XREAD BLOCK holds its connection until it returns, and must
 * outlast the shared client's short command timeout). Outages are logged like the shared one's.
 */
export function dedicatedRedis(
  redis: Redis,
  label: string,
  overrides: Partial<Redis['options']>,
): Redis {
  return logOutages(redis.duplicate(overrides), label);
}

function logOutages(redis: Redis, label: string): Redis {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.error(`[runnel] ${label} unreachable (${error.message}); using this instance's memory`);
  });
  redis.on('ready', () => {
    if (down) console.info(`[runnel] ${label} reachable again`);
    down = false;
  });
  return redis;
}

/** The shared connection, or undefined when `REDIS_URL` is unset (state stays in memory). */
export function getRedis(): Redis | undefined {
  const url = getServerConfig().limits.redisUrl;
  if (!url) return undefined;
  client ??= createRedis(url);
  return client;
}

/**
 * The rate counters' connection beside the shared one (`rate-limiter.ts`): the client gives up on
 * its commands only after 5 s, since the counters set their own deadline, one that a busy event
 * loop does not cut short. Undefined when `REDIS_URL` is unset.
 */
export function counterRedis(): Redis | undefined {
  const redis = getRedis();
  if (!redis) return undefined;
  counters ??= dedicatedRedis(redis, 'Redis (rate counters)', { commandTimeout: 5_000 });
  return counters;
}

/**
 * Whether `redis` takes commands now. Only a connection's very first connect is waited for (at most
 * a second), so the first requests after start-up use Redis too; afterwards it never waits.
 */
export async function takesCommands(redis: Redis): Promise<boolean> {
  await firstConnect(redis);
  return redis.status === 'ready';
}

/** Resolves once `redis` has been ready once, or after a second. */
function firstConnect(redis: Redis): Promise<void> {
  let connected = firstConnects.get(redis);
  if (!connected) {
    connected =
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
            redis.once('ready', done);
          });
    firstConnects.set(redis, connected);
  }
  return connected;
}

/**
 * The shared connection when it can take a command now: waits (at most a second) only for the
 * process's very first connection, so the first requests after start-up are counted in Redis too;
 * afterwards it never waits. Undefined when Redis is not configured or not connected.
 */
export async function readyRedis(): Promise<Redis | undefined> {
  const redis = getRedis();
  return redis && (await takesCommands(redis)) ? redis : undefined;
}

/** Is Redis answering (PING), and how fast; undefined when `REDIS_URL` is unset. */
export async function redisHealth(): Promise<RedisHealth | undefined> {
  const redis = await readyRedis();
  if (!getServerConfig().limits.redisUrl) return undefined;
  if (!redis) return { reachable: false };
  const started = performance.now();
  try {
    await redis.ping();
    return { reachable: true, latency_ms: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false };
  }
}
