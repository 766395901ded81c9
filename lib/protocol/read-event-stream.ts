import { createParser } from 'eventsource-parser';
import { asRunnelEvent } from './event-shape';
import type { RunnelEvent } from './events';

const UNREADABLE: RunnelEvent = {
  type: 'error',
  error: { code: 'protocol_error', message: 'The server sent an unreadable event' },
};

/** The events of one network read. */
export interface EventBatch {
  events: RunnelEvent[];
  /**
   * The `id:` of the last of them (every Runnel event has one): where a reattaching reader of a
   * resumable answer asks to start again (`Last-Event-ID`).
   */
  lastId: number | undefined;
}

/**
 * Reads `/api/chat`'s event stream (browser or Node), one batch per network read: an
 * async-generator step per event costs more than the event itself
 * (measured: 32k events 530 ms vs 60 ms), which at 2,000 tokens/s with running usage is most of
 * the page's budget. A frame that is not a valid Runnel event yields a `protocol_error` and ends
 * the stream; a consumer that stops early cancels the body, which closes the connection.
 */
export async function* readEventBatches(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventBatch> {
  let batch: RunnelEvent[] = [];
  let lastId: number | undefined;
  let broken = false;
  const parser = createParser({
    onEvent(message) {
      if (broken) return;
      if (message.id !== undefined && /^\d+$/.test(message.id)) lastId = Number(message.id);
      let event: RunnelEvent | null = null;
      try {
        event = asRunnelEvent(JSON.parse(message.data));
      } catch {
        // Not JSON: unreadable, as is JSON that is not an event.
      }
      if (!event) broken = true;
      batch.push(event ?? UNREADABLE);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      if (batch.length) {
        const events = batch;
        batch = [];
        yield { events, lastId };
      }
      if (broken) return;
    }
    parser.feed(decoder.decode());
    parser.reset({ consume: true });
    if (batch.length) yield { events: batch, lastId };
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The same stream one event at a time: simpler for tests and tools, slower for a page. */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<RunnelEvent> {
  for await (const batch of readEventBatches(body)) yield* batch.events;
}

/**
 * Seconds from a response's `Retry-After` (delta-seconds or an HTTP date; a refusal's, or a
 * backend's error), when present and sensible: never negative, undefined when absent or unreadable.
 * Here, beside the reading of `/api/chat`'s responses, because the page and the server both read
 * it and a module of its own cost the page's first load bytes it does not have.
 */
export function retryAfterHeader(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
