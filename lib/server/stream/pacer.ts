import 'server-only';

import { isProgress, type RunnelEvent } from '../../protocol/events';
import { coalesceEvents } from './coalesce';

/** Sends at most one write per this many ms while text arrives faster (two display frames). */
export const STREAM_PACE_MS = 33;

/**
 * Text held back for the next write is written at once beyond this many characters. The relay
 * reads the backend while the browser-facing stream has room, and what waits here is not in that
 * stream yet: without a bound, a fast backend fills this buffer for a whole interval, whether or
 * not the browser reads.
 */
export const PACE_MAX_PENDING_CHARS = 16 * 1024;

interface PacerDeps {
  now: () => number;
  setTimeout: (cb: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * Paces the events of one stream into writes. An event is written at once when nothing was
 * written in the last `paceMs` — the first token, a slow stream, a status, an error, the end —
 * and otherwise waits for the end of that interval, merged with what else arrived (see
 * `coalesceEvents`). A backend sending thousands of tokens a second in hundreds of small reads
 * then costs the browser about thirty network reads a second instead of hundreds, each with more
 * text, and no event waits longer than `paceMs`.
 */
export function createPacer(
  deliver: (events: RunnelEvent[]) => void,
  deps: PacerDeps,
  paceMs = STREAM_PACE_MS,
) {
  /** Emptied in place after each write: one array for the stream, not one per write. */
  const pending: RunnelEvent[] = [];
  let pendingChars = 0;
  let timer: unknown;
  let lastWriteAt = -Infinity;
  /** Whether the answer's first text has gone out: it never waits for the interval. */
  let textWritten = false;

  const flush = () => {
    if (timer !== undefined) deps.clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const events = coalesceEvents(pending);
    pending.length = 0;
    pendingChars = 0;
    lastWriteAt = deps.now();
    deliver(events);
  };

  return {
    /** Adds the events of one upstream read (copied: the caller may reuse the array). */
    push(events: readonly RunnelEvent[]): void {
      if (events.length === 0) return;
      let firstText = false;
      for (const e of events) {
        pending.push(e);
        if (e.type === 'content' || e.type === 'reasoning') {
          pendingChars += e.text.length;
          firstText ||= !textWritten;
        }
      }
      // The first token goes out at once even when a status or running usage was just written
      // (llama.cpp sends its prompt progress and counts right before it).
      textWritten ||= firstText;
      const wait = lastWriteAt + paceMs - deps.now();
      if (
        wait <= 0 ||
        firstText ||
        !events.every(isProgress) ||
        pendingChars >= PACE_MAX_PENDING_CHARS
      )
        flush();
      else timer ??= deps.setTimeout(flush, wait);
    },
    /** Writes whatever waits now (the upstream stream ended or failed). */
    flush,
  };
}
