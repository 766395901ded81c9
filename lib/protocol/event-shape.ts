import type { RunnelEvent, RunnelEventType } from './events';

/**
 * The shape check of events read from `/api/chat`. The reader is the browser, which talks only to
 * its own server, so this is not a defence against a hostile peer: it makes sure a malformed frame
 * (a server bug, a proxy mangling the stream) ends the answer as a `protocol_error` instead of
 * crashing the page. A handful of `typeof` checks, no schema library: the browser's JavaScript
 * has a size budget (docs/performance.md), and a validation library cost more than the rest of
 * the stream reading. `event-shape.test.ts` checks it against a zod schema of the same events.
 */
type Check = (value: unknown) => boolean;

const string: Check = (v) => typeof v === 'string';
const number: Check = (v) => typeof v === 'number';
const boolean: Check = (v) => typeof v === 'boolean';
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fields and their checks; extra fields are let through (the reader ignores them). */
type Shape = Record<string, Check>;

function matches(shape: Shape, value: Record<string, unknown>): boolean {
  for (const key in shape) if (!shape[key]!(value[key])) return false;
  return true;
}

const object =
  (shape: Shape): Check =>
  (v) =>
    isRecord(v) && matches(shape, v);

const usage = object({
  prompt_tokens: number,
  completion_tokens: number,
  total_tokens: number,
  reasoning_tokens: optional(number),
  cached_tokens: optional(number),
  credits_used: optional(number),
  credit_balance: optional(number),
});

/** Every field of every event type (the mapped type makes a new field fail to compile here). */
type EventShapes = {
  [T in RunnelEventType]: {
    [K in Exclude<keyof Extract<RunnelEvent, { type: T }>, 'type'>]-?: Check;
  };
};

const EVENT_SHAPES: EventShapes = {
  start: { request_id: string, model: string, resume_token: optional(string) },
  status: {
    message: string,
    position: optional(number),
    eta_s: optional(number),
    backend_running: optional(number),
    backend_waiting: optional(number),
  },
  reasoning: { text: string },
  content: { text: string },
  tool_call: { index: number, id: string, name: string, arguments: string },
  usage: { usage, final: boolean },
  finish: { reason: string },
  error: {
    error: object({
      message: string,
      code: string,
      status: optional(number),
      type: optional(string),
    }),
  },
  done: {
    timing: optional(object({ ttft_ms: nullable(number), duration_ms: number })),
    session: optional(object({ id: string })),
    // Its fields are checked where it is shown (lib/browser/chat/cost.ts), loaded with the figures.
    cost: optional(isRecord),
  },
  stopped: { released_ms: optional(number) },
};

/** `value` as a Runnel event when it has the shape of one, else null. */
export function asRunnelEvent(value: unknown): RunnelEvent | null {
  if (!isRecord(value) || typeof value.type !== 'string') return null;
  if (!Object.hasOwn(EVENT_SHAPES, value.type)) return null;
  return matches(EVENT_SHAPES[value.type as RunnelEventType], value)
    ? (value as RunnelEvent)
    : null;
}
