import 'server-only';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { getRedis } from './client';

export interface RateLimiterOptions {
  /** Names the counter (`runnel:rpm`, `runnel:sign-in`…); keys are `<keyPrefix>:<key>`. */
  keyPrefix: string;
  /** How many points a key may consume per window. */
  points: number;
  /** The window, in seconds (fixed, starting at a key's first point). */
  duration: number;
}

/**
 * A counter from rate-limiter-flexible: in Redis (shared by every instance, atomic) when
 * `REDIS_URL` is set, else in this instance's memory. With Redis, a command that cannot run (Redis
 * unreachable) is counted in memory instead (its insurance limiter), so limits keep holding per
 * instance rather than failing requests or hanging them.
 */
export function createRateLimiter(
  options: RateLimiterOptions,
  redis: Redis | undefined = getRedis(),
): RateLimiterAbstract {
  const memory = new RateLimiterMemory(options);
  if (!redis) return memory;
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    insuranceLimiter: memory,
    // Not connected: straight to the insurance limiter, without trying the command.
    rejectIfRedisNotReady: true,
  });
}

/**
 * Takes one point of `key`: undefined when it was taken, else the whole seconds (at least 1) until
 * one is free again. An error of the counter itself is thrown (with the memory insurance it never
 * comes).
 */
export async function takePoint(
  limiter: RateLimiterAbstract,
  key: string,
): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
  }
}
