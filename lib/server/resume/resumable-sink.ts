import 'server-only';

import { isTerminal, type RunnelEvent } from '../../protocol/events';
import type { EventSink } from '../stream/event-output';
import type { EventStamp } from '../stream/event-stamp';
import type { AnswerLog } from './answer-log';
import type { LogEntry } from './types';

/** What the browser is told when its answer stops being kept. */
export const NOT_KEPT_MESSAGE =
  'This answer is too large to be kept for reattaching: a reload or a dropped connection now ends it.';

/** The terminal error of an answer nobody read for the grace period. */
export const ABANDONED_MESSAGE =
  'Nobody was reading this answer, so it was stopped; the text so far is kept.';

export interface ResumableSink extends EventSink {
  /**
   * Ends the answer with `stopped`; false when it had already ended. The sink takes nothing more
   * from now on; its terminal event is written once `released` settles, carrying the milliseconds
   * it gives (how long the backend took to be let go), if any.
   */
  stop(released?: Promise<number | undefined>): boolean;
  /** Ends the answer because nobody read it for the grace period; false when it had ended. */
  abandon(): boolean;
  /** Ends the answer without a terminal event (the browser left and nothing was kept). */
  close(): void;
  /** Resolves when the log can take more; a log never fills up (it stops keeping), so at once. */
  whenWritable(): Promise<void>;
}

/**
 * The relay's sink for a resumable answer: every event is stamped like a plain answer's
 * (event-stamp.ts), numbered, and appended to the answer's log, from which every reader — the
 * browser's own connection included — gets it. The first event (`start`) is sent by the caller.
 */
export function createResumableSink(log: AnswerLog, stamp: EventStamp): ResumableSink {
  let seq = 0;
  let closed = false;

  function sendAll(events: readonly RunnelEvent[]): void {
    if (closed || events.length === 0) return;
    append(events);
  }

  /** Stamps, numbers and logs `events`, up to the first terminal one. */
  function append(events: readonly RunnelEvent[]): void {
    const outgoing: RunnelEvent[] = [];
    for (const event of events) {
      outgoing.push(stamp.stamp(event));
      if (isTerminal(event)) {
        closed = true;
        break;
      }
    }
    const data = outgoing.map((event) => JSON.stringify(event));
    const size = data.reduce((sum, d) => sum + Buffer.byteLength(d) + 16, 0);
    if (log.kept() && !log.reserve(size)) {
      log.stopKeeping();
      data.unshift(JSON.stringify({ type: 'status', message: NOT_KEPT_MESSAGE }));
    }
    const entries: LogEntry[] = data.map((d, i) => ({
      seq: ++seq,
      data: d,
      terminal: closed && i === data.length - 1,
    }));
    log.append(entries);
  }

  return {
    send: (event) => sendAll([event]),
    sendAll,
    isClosed: () => closed,
    whenWritable: () => Promise.resolve(),
    stop(released = Promise.resolve(undefined)) {
      if (closed) return false;
      closed = true;
      void released.then(
        (ms) => append([{ type: 'stopped', ...(ms === undefined ? {} : { released_ms: ms }) }]),
        () => append([{ type: 'stopped' }]),
      );
      return true;
    },
    abandon() {
      if (closed) return false;
      stamp.summarize('abandoned');
      sendAll([
        { type: 'error', error: { code: 'incomplete_stream', message: ABANDONED_MESSAGE } },
      ]);
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      stamp.summarize('client_closed');
    },
  };
}
