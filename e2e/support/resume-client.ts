import { createParser } from 'eventsource-parser';
import type { RunnelEvent } from '../../lib/protocol/events';
import { APP_URL } from '../../testing/stack/ports';
import { chatBody } from './chat-client';

/** One event as it came on the wire: its `id:` and its data. */
export interface Frame {
  id: number;
  event: RunnelEvent;
}

/**
 * Reads an event stream frame by frame. `stopWhen` is asked after every network read; when it says
 * so, the connection is closed (the reader goes away) and what was read is returned.
 */
export async function readFrames(
  body: ReadableStream<Uint8Array>,
  stopWhen: (frames: Frame[]) => boolean = () => false,
  /** Filled as frames arrive, for a test that waits for some before acting. */
  frames: Frame[] = [],
): Promise<Frame[]> {
  const parser = createParser({
    onEvent: (m) => frames.push({ id: Number(m.id), event: JSON.parse(m.data) as RunnelEvent }),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (stopWhen(frames)) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return frames;
}

/** A resumable answer as its first connection sees it. */
export interface Started {
  requestId: string;
  token: string;
  response: Response;
}

/**
 * Posts a resumable chat request (with `headers`, e.g. a made-up client address on the limits
 * stack) and reads its `start` event; `body` is the whole event stream, `start` included (what was
 * read to find it is put back in front).
 */
export async function startResumable(
  model: string,
  marker: string,
  baseURL = APP_URL,
  headers: Record<string, string> = {},
): Promise<Started & { body: ReadableStream<Uint8Array> }> {
  const response = await fetch(`${baseURL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(chatBody(model, marker, { resumable: true })),
  });
  const reader = response.body!.getReader();
  const seen: Uint8Array[] = [];
  let start: RunnelEvent | undefined;
  const parser = createParser({ onEvent: (m) => (start ??= JSON.parse(m.data) as RunnelEvent) });
  const decoder = new TextDecoder();
  while (!start) {
    const { value, done } = await reader.read();
    if (done) break;
    seen.push(value);
    parser.feed(decoder.decode(value, { stream: true }));
  }
  if (start?.type !== 'start' || !start.resume_token)
    throw new Error(`expected a start event with a resume token, got ${JSON.stringify(start)}`);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of seen) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { requestId: start.request_id, token: start.resume_token, response, body };
}

/** `GET /api/chat/{id}/events`. */
export function reattach(
  requestId: string,
  token: string | null,
  lastEventId?: number,
  init: { baseURL?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token !== null) headers['X-Resume-Token'] = token;
  if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
  return fetch(`${init.baseURL ?? APP_URL}/api/chat/${requestId}/events`, {
    headers,
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** `POST /api/chat/{id}/stop`. */
export function stopAnswer(requestId: string, token: string, baseURL = APP_URL): Promise<Response> {
  return fetch(`${baseURL}/api/chat/${requestId}/stop`, {
    method: 'POST',
    headers: { 'X-Resume-Token': token },
  });
}

/** The text of the content events, joined. */
export function contentOf(frames: Frame[]): string {
  return frames.map((f) => (f.event.type === 'content' ? f.event.text : '')).join('');
}
