import type { ChatRequest } from '../../protocol/chat-request';
import { isTerminal, type RunnelEvent } from '../../protocol/events';
import type { RunEnd } from './apply-event';
import { readEventBatches, retryAfterHeader } from '../../protocol/read-event-stream';

/** Receives the events of each network read, in order, with the `id:` of the last one. */
export type OnEvents = (events: RunnelEvent[], lastId: number | undefined) => void;

/** What `sendChat` needs from its surroundings (injected so tests can drive it). */
interface SendChatOptions {
  fetch: typeof fetch;
  body: ChatRequest;
  signal: AbortSignal;
  /** Called with the events of each network read, in order, as soon as they are read. */
  onEvents: OnEvents;
  /** Defaults to `/api/chat`. */
  url?: string;
}

/**
 * POSTs a chat request and feeds its events to `onEvents`. Never throws: returns how the run ended.
 * Aborting `signal` aborts the fetch and closes this connection, and only that: a resumable answer
 * (what the chat and the widget send) goes on generating for its readers, and Stop is a request of
 * its own, `POST /api/chat/{id}/stop` (stop-answer-run.ts). Only an answer that is not resumable ends with
 * its connection (ARCHITECTURE.md, "The stream, end to end").
 */
export function sendChat(options: SendChatOptions): Promise<RunEnd> {
  return readAnswer(
    () =>
      options.fetch(options.url ?? '/api/chat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify(options.body),
        signal: options.signal,
      }),
    options.signal,
    options.onEvents,
  );
}

/**
 * Makes a request whose answer is a Runnel event stream and feeds its events to `onEvents` until
 * the terminal one. Never throws: `failed` for a network failure or an HTTP error (with the
 * server's code and status), `ended` when the body ended (with or without a terminal event),
 * `aborted` when `signal` was aborted.
 */
export async function readAnswer(
  request: () => Promise<Response>,
  signal: AbortSignal,
  onEvents: OnEvents,
): Promise<RunEnd> {
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', error: networkError(error) };
  }
  if (!response.ok || !response.body) {
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', error: await httpError(response) };
  }
  try {
    for await (const { events, lastId } of readEventBatches(response.body)) {
      if (signal.aborted) return { kind: 'aborted' };
      const end = events.findIndex(isTerminal);
      onEvents(end < 0 ? events : events.slice(0, end + 1), lastId);
      if (end >= 0) break;
    }
  } catch {
    if (signal.aborted) return { kind: 'aborted' };
    // The connection broke mid-stream: whatever arrived is kept and the answer is `incomplete`.
    return { kind: 'ended' };
  }
  return signal.aborted ? { kind: 'aborted' } : { kind: 'ended' };
}

function networkError(error: unknown): { message: string; code: string } {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return { code: 'network_error', message: `Could not reach the Runnel server${detail}.` };
}

/** What a refusal before streaming says: code, message, and when a rate limit lifts. */
export interface RequestError {
  message: string;
  code: string;
  status: number;
  retry_after_s?: number;
  limit?: string;
}

/**
 * Reads the `{error:{code,message}}` body of a request the server refused before streaming, with
 * a rate limit's `retry_after_s` and `limit` (or the `Retry-After` header) so the page can say when
 * to try again.
 */
async function httpError(response: Response): Promise<RequestError> {
  const status = response.status;
  const headerWait = retryAfterHeader(response);
  const wait = headerWait !== undefined ? { retry_after_s: headerWait } : {};
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body is unreadable: fall back to the status line below.
  }
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: unknown; code?: unknown; retry_after_s?: unknown; limit?: unknown };
    };
    const { message, code, retry_after_s: after, limit } = parsed.error ?? {};
    if (typeof message === 'string' && message) {
      return {
        status,
        message,
        code: typeof code === 'string' ? code : `http_${status}`,
        ...(typeof after === 'number' && after >= 0 ? { retry_after_s: after } : wait),
        ...(typeof limit === 'string' && limit ? { limit } : {}),
      };
    }
  } catch {
    // Not JSON (a proxy's HTML page): use the status line.
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return {
    status,
    code: `http_${status}`,
    message: `The server answered HTTP ${status}${statusText}.`,
    ...wait,
  };
}
