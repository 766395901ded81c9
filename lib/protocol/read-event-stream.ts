import { createParser } from 'eventsource-parser';
import type { RunnelEvent } from './events';
import { runnelEventSchema } from './event-schema';

/**
 * Reads `/api/chat`'s event stream (browser or Node). Yields each valid event; a frame that is not a
 * valid Runnel event yields a `protocol_error` and ends the stream rather than throwing. Ends when
 * the body ends; a consumer that stops early cancels the body, which closes the connection.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<RunnelEvent> {
  const queue: RunnelEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      let event: RunnelEvent;
      try {
        event = runnelEventSchema.parse(JSON.parse(message.data));
      } catch {
        event = {
          type: 'error',
          error: { code: 'protocol_error', message: 'The server sent an unreadable event' },
        };
      }
      queue.push(event);
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
      while (queue.length) {
        const event = queue.shift()!;
        yield event;
        if (event.type === 'error' && event.error.code === 'protocol_error') return;
      }
    }
    parser.feed(decoder.decode());
    parser.reset({ consume: true });
    yield* queue.splice(0);
  } finally {
    // A consumer that stops early (stop button, protocol error) must close the connection too.
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
