import 'server-only';

import { isProgress, type RunnelEvent } from '../../protocol/events';
import { coalesceEvents } from './coalesce';

/** Sends at most one write per this many ms while text arrives faster (two display frames). */
export const STREAM_PACE_MS = 33;

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
  let pending: RunnelEvent[] = [];
  let timer: unknown;
  let lastWriteAt = -Infinity;

  const flush = () => {
    if (timer !== undefined) deps.clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const events = coalesceEvents(pending);
    pending = [];
    lastWriteAt = deps.now();
    deliver(events);
  };

  return {
    /** Adds the events of one upstream read. */
    push(events: readonly RunnelEvent[]): void {
      if (events.length === 0) return;
      pending.push(...events);
      const wait = lastWriteAt + paceMs - deps.now();
      if (wait <= 0 || !events.every(isProgress)) flush();
      else timer ??= deps.setTimeout(flush, wait);
    },
    /** Writes whatever waits now (the upstream stream ended or failed). */
    flush,
  };
}
