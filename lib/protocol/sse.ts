import type { RunnelEvent } from './events';

/** Headers of every `/api/chat` event stream (docs/protocol.md). */
export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // `no-transform` also keeps compression middleware from buffering the stream.
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
};

/** The comment written while nothing else is sent. */
export const KEEPALIVE_FRAME = ': keepalive\n\n';

/** One event as it goes on the wire: an `id:` line and a `data:` line. */
export function encodeEvent(seq: number, event: RunnelEvent): string {
  return encodeFrame(seq, JSON.stringify(event));
}

/** One frame from an event already in JSON (a resumable answer's log keeps them so). */
export function encodeFrame(seq: number, data: string): string {
  return `id: ${seq}\ndata: ${data}\n\n`;
}
