import 'server-only';
import type { Redis } from 'ioredis';

/** How many recent answers per backend the estimate is taken from. */
const KEEP = 20;
/** A backend nobody used for a day starts its estimate afresh. */
const SHARED_TTL_S = 24 * 60 * 60;

export interface ServiceTimesOptions {
  keep?: number;
  /** Redis when it can take a command now (every instance's answers count), else undefined. */
  shared?: () => Promise<Redis | undefined>;
}

/**
 * How long recent answers held a slot on each backend, to tell a waiter about how long its wait
 * will be: every instance's answers with Redis (a list per backend, newest first, trimmed), this
 * instance's otherwise or when Redis does not answer. The median, so one runaway answer does not
 * swing it.
 */
export function createServiceTimes(options: ServiceTimesOptions = {}) {
  const keep = options.keep ?? KEEP;
  const local = new Map<string, number[]>();
  const key = (backend: string) => `runnel:service-ms:${backend}`;

  async function recent(backend: string): Promise<number[]> {
    const redis = await options.shared?.();
    if (redis) {
      try {
        return (await redis.lrange(key(backend), 0, keep - 1)).map(Number).filter(Number.isFinite);
      } catch {
        // Redis failed this command: this instance's own answers are the next best thing.
      }
    }
    return local.get(backend) ?? [];
  }

  return {
    /** An answer on `backend` gave its slot back after `ms`. */
    add(backend: string, ms: number): void {
      const list = local.get(backend) ?? [];
      list.push(ms);
      if (list.length > keep) list.shift();
      local.set(backend, list);
      void options
        .shared?.()
        .then((redis) =>
          redis
            ?.multi()
            .lpush(key(backend), Math.round(ms))
            .ltrim(key(backend), 0, keep - 1)
            .expire(key(backend), SHARED_TTL_S)
            .exec(),
        )
        .catch(() => undefined);
    },

    /**
     * Seconds until a waiter at `position` (1 = next) gets one of `limit` slots: `position` answers
     * must end first, `limit` of them at a time. Undefined before any answer ended on `backend`:
     * no figure rather than a made-up one.
     */
    async estimateSeconds(
      backend: string,
      position: number,
      limit: number,
    ): Promise<number | undefined> {
      const list = await recent(backend);
      if (list.length === 0) return undefined;
      const sorted = [...list].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      return Math.max(1, Math.round((position * median) / Math.max(1, limit) / 1000));
    },
  };
}

export type ServiceTimes = ReturnType<typeof createServiceTimes>;
