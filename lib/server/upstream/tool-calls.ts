import 'server-only';

import type { RunnelEvent } from '../../protocol/events';
import { asNumber, asObject, asString } from './json-fields';

interface PendingCall {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

/**
 * Joins streamed tool calls. vLLM sends fragments joined by `index` (the first has `id` and
 * `name`, later ones only argument pieces); ARK sends each call whole in one chunk. Both end up as
 * one `tool_call` event per call, emitted once the call is complete (at `finish_reason` or
 * `[DONE]`).
 */
export function createToolCallAssembler() {
  const calls = new Map<number, PendingCall>();

  function add(rawCalls: unknown): void {
    if (!Array.isArray(rawCalls)) return;
    rawCalls.forEach((raw, position) => {
      const call = asObject(raw);
      if (!call) return;
      const fn = asObject(call.function);
      const id = asString(call.id);
      let index = asNumber(call.index) ?? position;
      const existing = calls.get(index);
      // A provider that omits `index` but starts a call with a new id means a new call.
      if (
        existing &&
        id &&
        existing.id &&
        existing.id !== id &&
        asNumber(call.index) === undefined
      ) {
        index = calls.size;
      }
      const current = calls.get(index) ?? { index, id: '', name: '', arguments: '' };
      if (id && !current.id) current.id = id;
      const name = asString(fn?.name);
      if (name && !current.name) current.name = name;
      current.arguments += asString(fn?.arguments) ?? '';
      calls.set(index, current);
    });
  }

  /** The calls collected so far, as events, in index order; each is returned only once. */
  function drain(): RunnelEvent[] {
    const events: RunnelEvent[] = [...calls.values()]
      .sort((a, b) => a.index - b.index)
      .map((call) => ({
        type: 'tool_call',
        index: call.index,
        id: call.id || `call_${call.index}`,
        name: call.name,
        arguments: call.arguments,
      }));
    calls.clear();
    return events;
  }

  return { add, drain };
}
