import 'server-only';

import type { Redis } from 'ioredis';
import type { AnswerLog } from './answer-log';
import { answerKeys, entryFields, streamId, type AnswerKeys } from './redis-keys';
import type { AnswerMirror } from './shared-answers';
import type { LogEntry } from './types';

export interface MirrorOptions {
  /** How long a kept answer outlives its generation (`RESUME_TTL_S`). */
  ttlMs: number;
  /** How long the lease lasts without renewal: readers learn a generator died within this. */
  leaseMs: number;
  prefix?: string;
  /** Resolves once the connection takes commands (at most about a second after start-up). */
  ready: () => Promise<boolean>;
  /**
   * The connection the copy is written on after its first announcement, in order (the events, the
   * lease's renewals, the deletions), and when it takes commands.
   */
  writer: { redis: Redis; ready: () => Promise<boolean> };
  /**
   * Listens for stop requests published for this answer; `subscribed` resolves once the
   * subscription is in place (a request published before then is found by its key instead).
   */
  onStopSignal: (
    id: string,
    listener: () => void,
  ) => { off: () => void; subscribed: Promise<void> };
  log?: (message: string) => void;
}

/**
 * Copies one local answer into Redis as it is appended, so that any instance can replay and follow
 * it: its access in a hash and its first lease, at once on `redis` (a reader elsewhere may ask as
 * soon as the browser has the answer's id), then its entries in a stream (in order: one
 * connection, commands pipelined without waiting) and the lease renewed while this instance
 * generates it, on the writer. A stop request made on another instance reaches the local log
 * through the stop channel, or through the stop key at the next renewal if the published one was
 * missed.
 */
export function mirrorAnswer(redis: Redis, log: AnswerLog, options: MirrorOptions): AnswerMirror {
  const keys: AnswerKeys = answerKeys(log.id, options.prefix);
  const writer = options.writer.redis;
  let waiting: LogEntry[][] | null = [];
  let broken = false;
  let closed = false;

  const fail = (error: unknown) => {
    if (broken) return;
    broken = true;
    options.log?.(
      `resumable answer ${log.id}: the shared copy failed (${(error as Error).message}); ` +
        'it can be resumed on this instance only',
    );
  };

  /** The answer stopped being kept (too large): another instance must not serve a partial copy. */
  const drop = () => {
    broken = true;
    writer.del(keys.info, keys.events, keys.lease).catch(() => undefined);
  };

  function write(batch: readonly LogEntry[]): void {
    const pipeline = writer.pipeline();
    for (const entry of batch)
      pipeline.xadd(keys.events, streamId(entry.seq), ...entryFields(entry));
    pipeline.pexpire(keys.events, options.ttlMs);
    pipeline.exec().then((results) => {
      const error = results?.find(([e]) => e)?.[0];
      if (error) fail(error);
    }, fail);
  }

  const offTap = log.tap((batch) => {
    if (broken) return;
    if (!log.kept()) return drop();
    if (waiting) waiting.push([...batch]);
    else write(batch);
  });

  const stopSignal = options.onStopSignal(log.id, () => log.requestStop());
  const checkStop = () =>
    writer.exists(keys.stop).then(
      (n) => {
        if (n === 1) log.requestStop();
      },
      () => undefined,
    );

  function renew(): void {
    writer
      .multi()
      .set(keys.lease, '1', 'PX', options.leaseMs)
      .pexpire(keys.info, options.ttlMs)
      .pexpire(keys.events, options.ttlMs)
      .exists(keys.stop)
      .exec()
      .then((results) => {
        if (results?.[3]?.[1] === 1) log.requestStop();
      }, fail);
  }

  /** Who may read the answer, and that it is generated (the same values however often it runs). */
  const announce = (connection: Redis) =>
    connection
      .multi()
      .hset(keys.info, {
        tokenHash: log.access.tokenHash,
        ...(log.access.binding !== undefined ? { binding: log.access.binding } : {}),
      })
      .pexpire(keys.info, options.ttlMs)
      .set(keys.lease, '1', 'PX', options.leaseMs)
      .exec();

  let timer: ReturnType<typeof setInterval> | undefined;
  void options.ready().then(async (ok) => {
    if (!ok) return fail(new Error('Redis is not reachable'));
    if (closed && !waiting?.length) return;
    const announced = announce(redis).then(
      () => true,
      () => false,
    );
    if (!(await options.writer.ready())) return fail(new Error('Redis is not reachable'));
    // The shared client may have given up on it after Redis ran it (its 500 ms timeout): told again
    // on the writer rather than given up.
    void announced.then((done) => {
      if (!done) announce(writer).catch(fail);
    });
    const pending = waiting ?? [];
    waiting = null;
    for (const batch of pending) write(batch);
    // A stop published before this instance listened is found by its key.
    void stopSignal.subscribed.then(() => (closed ? undefined : checkStop()));
    if (!closed) {
      timer = setInterval(renew, Math.max(100, Math.floor(options.leaseMs / 5)));
      timer.unref?.();
    }
  });

  return {
    async readersElsewhere() {
      if (broken) return false;
      try {
        return (await redis.exists(keys.present)) === 1;
      } catch {
        return false;
      }
    },
    close() {
      closed = true;
      clearInterval(timer);
      offTap();
      stopSignal.off();
      // Generation here is over: no lease to wait for (a reader still expecting events ends now).
      if (!broken && !waiting) writer.del(keys.lease).catch(() => undefined);
    },
  };
}
