import 'server-only';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { counterRedis, takesCommands } from './client';

export interface RateLimiterOptions {
  /** Names the counter (`runnel:rpm`, `runnel:sign-in`…); keys are `<keyPrefix>:<key>`. */
  keyPrefix: string;
  /** How many points a key may consume per window. */
  points: number;
  /** The window, in seconds (fixed, starting at a key's first point). */
  duration: number;
}

/** What the app asks of a counter: rate-limiter-flexible's methods, answered as it answers them. */
export type RateCounter = Pick<
  RateLimiterAbstract,
  'consume' | 'penalty' | 'reward' | 'delete' | 'get'
>;

/** How long a command of the shared counter may take before it is counted in memory instead. */
export const SHARED_DEADLINE_MS = 500;

/**
 * A counter from rate-limiter-flexible: in Redis (shared by every instance, atomic) when
 * `REDIS_URL` is set, else in this instance's memory. With Redis, a command that cannot run (Redis
 * not connected) or has no answer within {@link SHARED_DEADLINE_MS} is counted in memory instead,
 * so limits keep holding per instance rather than failing requests or hanging them.
 *
 * The deadline is the counter's own, not the Redis client's: a client's timeout fires when the
 * event loop next runs timers, which after a busy stretch (a page rendered on a loaded machine) is
 * before it reads the answer already waiting on the socket. Such a request was counted in this
 * instance's empty memory and let past the limit. Here the deadline lets the loop read first.
 */
export function createRateLimiter(
  options: RateLimiterOptions,
  redis: Redis | undefined = counterRedis(),
): RateCounter {
  const memory = new RateLimiterMemory(options);
  if (!redis) return memory;
  const connection = redis;
  const shared = new RateLimiterRedis({ ...options, storeClient: connection });

  async function counted<T>(run: (counter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    if (await takesCommands(connection)) {
      try {
        return await withinDeadline(run(shared), SHARED_DEADLINE_MS);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw error;
      }
    }
    return run(memory);
  }

  return {
    consume: (key, points, opts) => counted((c) => c.consume(key, points, opts)),
    penalty: (key, points, opts) => counted((c) => c.penalty(key, points, opts)),
    reward: (key, points, opts) => counted((c) => c.reward(key, points, opts)),
    delete: (key, opts) => counted((c) => c.delete(key, opts)),
    get: (key, opts) => counted((c) => c.get(key, opts)),
  };
}

/**
 * `work`, or a rejection once `ms` have passed and the event loop has since been through its I/O
 * once more: an answer that arrived while the loop was busy past the deadline is read, not lost.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => setImmediate(() => reject(new Error(`no answer within ${ms} ms`))),
      ms,
    );
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Takes one point of `key`: undefined when it was taken, else the whole seconds (at least 1) until
 * one is free again. An error of the counter itself is thrown (with memory behind Redis it never
 * comes).
 */
export async function takePoint(counter: RateCounter, key: string): Promise<number | undefined> {
  try {
    await counter.consume(key);
    return undefined;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
  }
}
