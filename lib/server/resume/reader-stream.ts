import 'server-only';

import { encodeFrame } from '../../protocol/sse';
import { createSseWriter } from '../stream/sse-writer';
import type { EntryFeed, LogEntry } from './types';

export interface ReaderStreamOptions {
  /** Entries after this one are sent (`Last-Event-ID`; 0 for all). */
  afterSeq: number;
  keepaliveIntervalMs: number;
  /** The request's signal: its abort means this reader went away. */
  signal: AbortSignal;
  /** Called once when this reader leaves or its stream ends. */
  onDetach?: () => void;
}

/** One entry as it goes on the wire, exactly as a plain answer's event. */
function frame(entry: LogEntry): string {
  return encodeFrame(entry.seq, entry.data);
}

/**
 * One reader of an answer as a `text/event-stream` body: the entries of `feed` after `afterSeq`,
 * each batch in one network write, keepalive comments while idle, closed after the terminal entry.
 * Leaving (request signal or stream cancel) stops the feed and calls `onDetach`; it never stops the
 * answer itself.
 */
export function createReaderStream(
  feed: EntryFeed,
  options: ReaderStreamOptions,
): ReadableStream<Uint8Array> {
  let stopFeed: (() => void) | undefined;
  let detached = false;
  const writer = createSseWriter(options.keepaliveIntervalMs, () => detach());

  function detach(): void {
    if (detached) return;
    detached = true;
    writer.stop();
    options.signal.removeEventListener('abort', detach);
    stopFeed?.();
    options.onDetach?.();
  }

  function end(): void {
    if (detached) return;
    writer.stop(true);
    detach();
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (options.signal.aborted) {
        detach();
        return;
      }
      options.signal.addEventListener('abort', detach, { once: true });
      // Keepalives start at once: a reader may attach to an answer that is silent (a long prefill).
      writer.attach(controller);
      stopFeed = feed(
        options.afterSeq,
        (entries) => writer.write(entries.map(frame).join('')),
        end,
      );
      if (detached) stopFeed();
    },
    cancel() {
      detach();
    },
  });
}
