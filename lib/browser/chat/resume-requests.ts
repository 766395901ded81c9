import type { RunEnd } from './apply-event';
import { readAnswer, type OnEvents } from './send-chat';

/** Where a resumable answer is, and the token that opens it (from its `start` event). */
export interface ResumeHandle {
  requestId: string;
  token: string;
}

/** The base of the chat routes (`/api/chat`, or the widget's). */
const chatPath = (base: string | undefined, handle: ResumeHandle, action: 'events' | 'stop') =>
  `${base ?? '/api/chat'}/${encodeURIComponent(handle.requestId)}/${action}`;

export interface FollowOptions {
  fetch: typeof fetch;
  handle: ResumeHandle;
  /** The id of the last event already applied: the server sends what came after it. */
  lastEventId: number;
  signal: AbortSignal;
  onEvents: OnEvents;
  /** The base of the chat routes; defaults to `/api/chat`. */
  chatUrl?: string;
}

/**
 * Reattaches to a resumable answer: `GET /api/chat/{id}/events` from `lastEventId` on, fed to
 * `onEvents` exactly like the answer's first connection. Never throws (see `readAnswer`).
 */
export function followAnswer(options: FollowOptions): Promise<RunEnd> {
  return readAnswer(
    () =>
      options.fetch(chatPath(options.chatUrl, options.handle, 'events'), {
        headers: {
          Accept: 'text/event-stream',
          'X-Resume-Token': options.handle.token,
          'Last-Event-ID': String(options.lastEventId),
        },
        cache: 'no-store',
        signal: options.signal,
      }),
    options.signal,
    options.onEvents,
  );
}

/**
 * Asks the server to stop a resumable answer (closing a connection only leaves it, since the
 * answer outlives its connections). Sent with `keepalive` so that it goes out even when the page
 * is closing; failures are ignored: the grace period stops an answer nobody reads anyway.
 */
export function requestStop(fetchImpl: typeof fetch, handle: ResumeHandle, chatUrl?: string): void {
  void fetchImpl(chatPath(chatUrl, handle, 'stop'), {
    method: 'POST',
    headers: { 'X-Resume-Token': handle.token },
    keepalive: true,
  }).catch(() => undefined);
}
