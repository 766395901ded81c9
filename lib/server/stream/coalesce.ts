import 'server-only';

import type { RunnelEvent } from '../../protocol/events';

/**
 * Merges events that go out in one write (see pacer.ts): adjacent text deltas of the same kind
 * become one event, and of the running usage counts only the latest is kept, so a fast backend
 * (thousands of tokens a second) costs the browser a fraction of the events to parse and render.
 * Order is otherwise kept: a running count goes out before the next non-text event.
 */
export function coalesceEvents(events: readonly RunnelEvent[]): RunnelEvent[] {
  // One event, the usual batch of a stream slower than the pace: nothing to merge.
  if (events.length === 1) return [events[0]!];
  const out: RunnelEvent[] = [];
  let running: RunnelEvent | undefined;
  for (const event of events) {
    if (event.type === 'usage' && !event.final) {
      running = event;
      continue;
    }
    if (event.type === 'content' || event.type === 'reasoning') {
      const last = out.at(-1);
      if (last && last.type === event.type) {
        out[out.length - 1] = { type: event.type, text: last.text + event.text };
        continue;
      }
      out.push(event);
      continue;
    }
    if (running) out.push(running);
    running = undefined;
    out.push(event);
  }
  if (running) out.push(running);
  return out;
}
