/**
 * Helpers for this folder's unit tests (not imported by production code): fake `/api/chat`
 * responses built from Runnel events, a manual clock, and waits for a condition or for saves.
 */
import type { ChatPersistence } from '../../lib/browser/chat/persistence';
import type { TimerApi } from '../../lib/browser/chat/save-scheduler';
import type { RunnelEvent } from '../../lib/protocol/events';
import { encodeEvent } from '../../lib/protocol/sse';

/**
 * A 200 event-stream response whose body yields `events` numbered from `firstId` (1), optionally
 * split into 1-byte chunks.
 */
export function sseResponse(
  events: RunnelEvent[],
  opts: { bytewise?: boolean; hang?: boolean; firstId?: number } = {},
): Response {
  const first = opts.firstId ?? 1;
  const bytes = new TextEncoder().encode(events.map((e, i) => encodeEvent(first + i, e)).join(''));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (opts.bytewise) for (const b of bytes) controller.enqueue(new Uint8Array([b]));
      else controller.enqueue(bytes);
      if (!opts.hang) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** A request as the fake fetch saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  /** The parsed JSON body; empty for a request without one (GET). */
  body: Record<string, unknown>;
}

/**
 * A fetch that answers with `respond(body, request)` and honours the abort signal like a browser.
 * `bodies` and `signals` are those of the chat POSTs; `requests` holds every request.
 */
export function fakeFetch(
  respond: (body: Record<string, unknown>, request: SeenRequest) => Response,
): typeof fetch & {
  bodies: Record<string, unknown>[];
  signals: AbortSignal[];
  requests: SeenRequest[];
} {
  const bodies: Record<string, unknown>[] = [];
  const signals: AbortSignal[] = [];
  const requests: SeenRequest[] = [];
  const fn = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const request = { url: String(url), method, headers: new Headers(init?.headers), body };
    requests.push(request);
    const signal = init?.signal ?? new AbortController().signal;
    if (method === 'POST' && init?.body) {
      bodies.push(body);
      signals.push(signal);
    }
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const response = respond(body, request);
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
  }) as typeof fetch & {
    bodies: Record<string, unknown>[];
    signals: AbortSignal[];
    requests: SeenRequest[];
  };
  fn.bodies = bodies;
  fn.signals = signals;
  fn.requests = requests;
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

/** The waits for a condition, shared with the other unit tests. */
export { until, untilRead } from './until';

/**
 * Save timers and a persistence wrapper for a test store that count the saves still to come:
 * `landed()` is true once no save waits for its timer and no write (conversation, deletion, meta)
 * is under way. A test waits for it where it needs every save asked for to be in storage, or to
 * know that no throttled or final save is left to write something it must not.
 */
export function saveTracker() {
  const waiting = new Set<unknown>();
  let writing = 0;
  const counted =
    <A extends unknown[]>(op: (...args: A) => Promise<void>) =>
    (...args: A): Promise<void> => {
      writing += 1;
      const write = op(...args);
      const done = () => void (writing -= 1);
      void write.then(done, done);
      return write;
    };
  const timers: TimerApi = {
    setTimeout: (cb, ms) => {
      const handle = setTimeout(() => {
        waiting.delete(handle);
        cb();
      }, ms);
      waiting.add(handle);
      return handle;
    },
    clearTimeout: (handle) => {
      waiting.delete(handle);
      clearTimeout(handle as never);
    },
  };
  return {
    timers,
    track: (persistence: ChatPersistence): ChatPersistence => ({
      ...persistence,
      saveConversation: counted(persistence.saveConversation),
      deleteConversation: counted(persistence.deleteConversation),
      saveMeta: counted(persistence.saveMeta),
    }),
    landed: () => waiting.size === 0 && writing === 0,
  };
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
