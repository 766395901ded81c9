import type { RunEnd } from './apply-event';
import { resumePath, type ResumeHandle } from './resume-handle';
import { readAnswer, type OnEvents } from './send-chat';

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
      options.fetch(resumePath(options.chatUrl, options.handle, 'events'), {
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
