/**
 * Helpers for this folder's unit tests (not imported by production code): fake `/api/chat`
 * responses built from Runnel events, and a manual clock.
 */
import type { RunnelEvent } from '../../lib/protocol/events';
import { encodeEvent } from '../../lib/protocol/sse';

/** A 200 event-stream response whose body yields `events`, optionally split into 1-byte chunks. */
export function sseResponse(
  events: RunnelEvent[],
  opts: { bytewise?: boolean; hang?: boolean } = {},
): Response {
  const bytes = new TextEncoder().encode(events.map((e, i) => encodeEvent(i + 1, e)).join(''));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (opts.bytewise) for (const b of bytes) controller.enqueue(new Uint8Array([b]));
      else controller.enqueue(bytes);
      if (!opts.hang) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** A fetch that answers with `respond(body)` and honours the abort signal like a browser. */
export function fakeFetch(respond: (body: Record<string, unknown>) => Response): typeof fetch & {
  bodies: Record<string, unknown>[];
  signals: AbortSignal[];
} {
  const bodies: Record<string, unknown>[] = [];
  const signals: AbortSignal[] = [];
  const fn = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    const signal = init?.signal ?? new AbortController().signal;
    signals.push(signal);
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const response = respond(body);
    if (!response.body) return response;
    // Like a browser: aborting the request errors the body stream.
    const reader = response.body.getReader();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        signal.addEventListener('abort', () => {
          controller.error(new DOMException('aborted', 'AbortError'));
          void reader.cancel();
        });
      },
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(stream, { status: response.status, headers: response.headers });
  }) as typeof fetch & { bodies: Record<string, unknown>[]; signals: AbortSignal[] };
  fn.bodies = bodies;
  fn.signals = signals;
  return fn;
}

/** Frames run when the test says so. */
export function manualFrames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (cb: () => void) => {
      queue.push(cb);
      return () => {
        const i = queue.indexOf(cb);
        if (i >= 0) queue.splice(i, 1);
      };
    },
    runFrame() {
      for (const cb of queue.splice(0)) cb();
    },
    get pending() {
      return queue.length;
    },
  };
}

/** Waits until `check` passes (polling microtasks and short timers). */
export async function until(check: () => boolean, timeoutMs = 1000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** A reasoning-then-answer stream ending in `done`. */
export const REASONING_STREAM: RunnelEvent[] = [
  { type: 'start', request_id: 'chat_1', model: 'm' },
  { type: 'reasoning', text: 'Think' },
  { type: 'reasoning', text: 'ing.' },
  { type: 'content', text: 'The answer' },
  { type: 'content', text: ' is 42.' },
  {
    type: 'usage',
    usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12, reasoning_tokens: 3 },
    final: true,
  },
  { type: 'finish', reason: 'stop' },
  { type: 'done', timing: { ttft_ms: 12, duration_ms: 40 } },
];
