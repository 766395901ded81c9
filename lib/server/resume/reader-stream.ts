import 'server-only';

import { KEEPALIVE_FRAME } from '../../protocol/sse';
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

/** One entry as it goes on the wire, exactly as a plain answer's event (protocol/sse.ts). */
function frame(entry: LogEntry): string {
  return `id: ${entry.seq}\ndata: ${entry.data}\n\n`;
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
  const encoder = new TextEncoder();
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
  let keepaliveTimer: ReturnType<typeof setTimeout> | undefined;
  let stopFeed: (() => void) | undefined;
  let detached = false;

  function detach(): void {
    if (detached) return;
    detached = true;
    clearTimeout(keepaliveTimer);
    options.signal.removeEventListener('abort', detach);
    stopFeed?.();
    options.onDetach?.();
  }

  function armKeepalive(): void {
    clearTimeout(keepaliveTimer);
    keepaliveTimer = setTimeout(() => write(KEEPALIVE_FRAME), options.keepaliveIntervalMs);
  }

  function write(text: string): void {
    if (detached || !controllerRef) return;
    try {
      controllerRef.enqueue(encoder.encode(text));
    } catch {
      detach();
      return;
    }
    armKeepalive();
  }

  function end(): void {
    if (detached) return;
    detach();
    try {
      controllerRef?.close();
    } catch {
      // Already closed by a cancel.
    }
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controllerRef = controller;
      if (options.signal.aborted) {
        detach();
        return;
      }
      options.signal.addEventListener('abort', detach, { once: true });
      // Keepalives start at once: a reader may attach to an answer that is silent (a long prefill).
      armKeepalive();
      stopFeed = feed(options.afterSeq, (entries) => write(entries.map(frame).join('')), end);
      if (detached) stopFeed();
    },
    cancel() {
      detach();
    },
  });
}
