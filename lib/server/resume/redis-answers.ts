import 'server-only';

import type { Redis } from 'ioredis';
import { dedicatedRedis, takesCommands } from '../redis/client';
import { createFanOut } from './fan-out';
import { redisFeed } from './redis-feed';
import { answerKeys, RESUME_PREFIX, STOP_CHANNEL } from './redis-keys';
import { mirrorAnswer } from './redis-mirror';
import type { SharedAnswers } from './shared-answers';

export interface RedisAnswersOptions {
  graceMs: number;
  ttlMs: number;
  /** How long a generator's lease lasts without renewal (readers notice its death within it). */
  leaseMs?: number;
  /** How long a reader's blocking read waits before checking the lease. */
  blockMs?: number;
  prefix?: string;
  /** The connection the copies are written on (default: one of its own beside `redis`). */
  writer?: () => Redis;
  /** Resolves true once `redis` takes commands (the shared client's first connection). */
  ready?: () => Promise<boolean>;
  log?: (message: string) => void;
}

/**
 * How long the writer's client waits for an answer before the shared copy is given up. Nothing
 * waits on these writes, so they may take longer than the shared client's 500 ms: that timeout
 * fires when the event loop next runs timers, which after a busy stretch (a page rendered on a
 * loaded machine) comes before the loop reads the answer already on the socket, and an answer
 * that Redis had kept was then resumable on its own instance only.
 */
const WRITE_TIMEOUT_MS = 5000;

/** A generator renews its lease every second; after 5 s without, it is taken for dead. */
const LEASE_MS = 5000;
const BLOCK_MS = 1000;

/**
 * Resumable answers shared through Redis, so any instance can replay, follow and stop an answer
 * any other instance generates: a stream per answer (events), a hash (who may read it), a lease
 * (someone generates it) and a presence key (someone reads it); stop requests are published on one
 * channel that every instance listens to. `redis` is the process's shared connection; the
 * copies' writes, blocking reads and the subscription get connections of their own
 * (`dedicatedRedis`).
 */
export function createRedisAnswers(redis: Redis, options: RedisAnswersOptions): SharedAnswers {
  const prefix = options.prefix ?? RESUME_PREFIX;
  const channel = prefix === RESUME_PREFIX ? STOP_CHANNEL : `${prefix}stop`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const blockMs = options.blockMs ?? BLOCK_MS;
  const ready =
    options.ready ??
    (() =>
      redis.status === 'ready'
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true))));

  // Stop requests for the answers generated here, by id; one subscription for the process.
  const stopListeners = new Map<string, () => void>();
  let subscribed: Promise<void> | undefined;
  function onStopSignal(id: string, listener: () => void) {
    if (!subscribed) {
      const subscriber = dedicatedRedis(redis, 'Redis (stop signals)', {
        enableOfflineQueue: true,
        commandTimeout: undefined,
      });
      subscriber.on('message', (_channel: string, message: string) =>
        stopListeners.get(message)?.(),
      );
      subscribed = subscriber.subscribe(channel).then(
        () => undefined,
        () => undefined,
      );
    }
    stopListeners.set(id, listener);
    return { off: () => void stopListeners.delete(id), subscribed };
  }

  // The copies of this instance's answers, written in order on one connection, made now so that
  // it has connected by the first answer.
  const writer =
    options.writer?.() ??
    dedicatedRedis(redis, 'Redis (resume writer)', {
      commandTimeout: WRITE_TIMEOUT_MS,
      lazyConnect: false,
    });

  // One follow per answer on this instance, however many of its readers are here.
  const readers = createFanOut((id) =>
    redisFeed(redis, id, {
      graceMs: options.graceMs,
      blockMs,
      prefix,
      // A blocking read must outlast its block time; the shared client's timeout is shorter.
      blockingConnection: () =>
        dedicatedRedis(redis, 'Redis (resume reader)', {
          enableOfflineQueue: true,
          commandTimeout: blockMs + 2000,
        }),
    }),
  );

  return {
    mirror: (log) =>
      mirrorAnswer(redis, log, {
        ttlMs: options.ttlMs,
        leaseMs,
        prefix,
        ready,
        writer: { redis: writer, ready: () => takesCommands(writer) },
        onStopSignal,
        ...(options.log ? { log: options.log } : {}),
      }),
    async access(id) {
      let info: Record<string, string>;
      try {
        info = await redis.hgetall(answerKeys(id, prefix).info);
      } catch {
        return undefined;
      }
      if (!info.tokenHash) return undefined;
      return {
        tokenHash: info.tokenHash,
        ...(info.binding !== undefined ? { binding: info.binding } : {}),
      };
    },
    feed: (id) => readers.feed(id),
    async requestStop(id) {
      const keys = answerKeys(id, prefix);
      await redis
        .multi()
        .set(keys.stop, '1', 'PX', options.ttlMs)
        .publish(channel, id)
        .exec()
        .catch(() => undefined);
    },
    forget(id) {
      const keys = answerKeys(id, prefix);
      // After the copy's writes, on their connection: a write still on its way cannot recreate
      // what this deletes.
      writer.del(keys.info, keys.events, keys.lease, keys.stop).catch(() => undefined);
    },
  };
}
