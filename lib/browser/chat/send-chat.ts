import type { ChatRequest } from '../../protocol/chat-request';
import { isTerminal, type RunnelEvent } from '../../protocol/events';
import type { RunEnd } from './apply-event';
import { readEventBatches } from '../../protocol/read-event-stream';
import { rateLimitSentence } from './rate-limit-sentence';

/** What `sendChat` needs from its surroundings (injected so tests can drive it). */
interface SendChatOptions {
  fetch: typeof fetch;
  body: ChatRequest;
  signal: AbortSignal;
  /** Called with the events of each network read, in order, as soon as they are read. */
  onEvents: (events: RunnelEvent[]) => void;
  /** Defaults to `/api/chat`. */
  url?: string;
}

/**
 * POSTs a chat request and feeds its events to `onEvent`. Never throws: returns how the run ended.
 * Aborting `signal` aborts the fetch, which closes the connection so the server closes the
 * upstream request too (ARCHITECTURE.md, "The stream, end to end").
 */
export async function sendChat(options: SendChatOptions): Promise<RunEnd> {
  const { signal } = options;
  let response: Response;
  try {
    response = await options.fetch(options.url ?? '/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', error: networkError(error) };
  }
  if (!response.ok || !response.body) {
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', error: await httpError(response) };
  }
  try {
    for await (const events of readEventBatches(response.body)) {
      if (signal.aborted) return { kind: 'aborted' };
      const end = events.findIndex(isTerminal);
      options.onEvents(end < 0 ? events : events.slice(0, end + 1));
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

/** Reads the `{error:{code,message}}` body of a request the server refused before streaming. */
async function httpError(
  response: Response,
): Promise<{ message: string; code: string; status: number }> {
  const status = response.status;
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body is unreadable: fall back to the status line below.
  }
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: unknown; code?: unknown; limit?: unknown; retry_after_s?: unknown };
    };
    const message = parsed.error?.message;
    const code = parsed.error?.code;
    if (code === 'rate_limited') {
      const { limit, retry_after_s: retry } = parsed.error!;
      const sentence = rateLimitSentence(
        typeof limit === 'string' ? limit : undefined,
        typeof retry === 'number'
          ? retry
          : Number(response.headers.get('Retry-After')) || undefined,
      );
      return { status, code, message: sentence };
    }
    if (typeof message === 'string' && message) {
      return { status, message, code: typeof code === 'string' ? code : `http_${status}` };
    }
  } catch {
    // Not JSON (a proxy's HTML page): use the status line.
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return {
    status,
    code: `http_${status}`,
    message: `The server answered HTTP ${status}${statusText}.`,
  };
}
