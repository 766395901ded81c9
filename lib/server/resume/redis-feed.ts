import 'server-only';

import type { Redis } from 'ioredis';
import { answerKeys, entryFields, parseEntry, streamId } from './redis-keys';
import type { EntryFeed, LogEntry } from './types';

/** The terminal error of an answer whose generator went away (its lease ran out). */
export const GENERATOR_LOST_MESSAGE =
  'The server generating this answer went away before it finished; the text so far is kept.';

export interface FeedOptions {
  /** How long a reader keeps the answer going after it leaves (`RESUME_GRACE_MS`). */
  graceMs: number;
  /** How long one blocking read waits before checking that someone still generates. */
  blockMs: number;
  prefix?: string;
  /** A connection of its own for the blocking reads (closed when the reader leaves). */
  blockingConnection: () => Redis;
}

/**
 * An answer as kept in Redis, for a reader on any instance: XREAD from the reader's last event
 * (replay and live tail in one cursor: nothing between reading the backlog and waiting for more
 * can be missed or repeated), on a connection of its own since the read blocks. While it reads,
 * the reader marks itself present, which keeps the generator going past its grace period. When a
 * read times out and the generator's lease is gone, the answer ends `incomplete_stream` — appended
 * to the stream at the next id, so every reader sees the same end and a late generator cannot add
 * to it.
 */
export function redisFeed(redis: Redis, id: string, options: FeedOptions): EntryFeed {
  const keys = answerKeys(id, options.prefix);
  return (afterSeq, onEntries, onEnd) => {
    let stopped = false;
    let conn: Redis | undefined;
    const present = () =>
      redis.set(keys.present, '1', 'PX', options.graceMs).catch(() => undefined);
    void present();
    const presence = setInterval(present, Math.max(100, Math.min(5000, options.graceMs / 3)));
    presence.unref?.();

    const finish = () => {
      if (stopped) return;
      stop();
      onEnd();
    };

    async function follow(): Promise<void> {
      conn = options.blockingConnection();
      let last = afterSeq;
      while (!stopped) {
        const result = await conn.xread(
          'COUNT',
          1000,
          'BLOCK',
          options.blockMs,
          'STREAMS',
          keys.events,
          streamId(last),
        );
        if (stopped) return;
        const items = result?.[0]?.[1] ?? [];
        if (items.length) {
          const entries = items.map(parseEntry);
          last = entries.at(-1)!.seq;
          onEntries(entries);
          if (entries.at(-1)!.terminal) return finish();
          continue;
        }
        const [[, lease], [, info]] = (await redis
          .multi()
          .exists(keys.lease)
          .exists(keys.info)
          .exec()) as [[unknown, number], [unknown, number]];
        if (stopped) return;
        if (info === 0) return finish();
        if (lease === 1) continue;
        const lost: LogEntry = {
          seq: last + 1,
          data: JSON.stringify({
            type: 'error',
            error: { code: 'incomplete_stream', message: GENERATOR_LOST_MESSAGE },
          }),
          terminal: true,
        };
        // Refused when something was appended meanwhile: the next read gets it.
        const added = await redis
          .xadd(keys.events, streamId(lost.seq), ...entryFields(lost))
          .catch(() => null);
        if (stopped) return;
        if (added) {
          onEntries([lost]);
          return finish();
        }
      }
    }

    function stop(): void {
      if (stopped) return;
      stopped = true;
      clearInterval(presence);
      conn?.disconnect();
      // The grace period counts from the moment this reader left.
      void present();
    }

    follow().catch(() => finish());
    return stop;
  };
}
