/** Where a resumable answer is, and the token that opens it (from its `start` event). */
export interface ResumeHandle {
  requestId: string;
  token: string;
}

/** A resumable answer's route (`events` or `stop`) under the chat routes' base (`/api/chat`, or the widget's). */
export const resumePath = (
  base: string | undefined,
  handle: ResumeHandle,
  action: 'events' | 'stop',
) => `${base ?? '/api/chat'}/${encodeURIComponent(handle.requestId)}/${action}`;

/**
 * Asks the server to stop a resumable answer (closing a connection only leaves it, since the
 * answer outlives its connections). Sent with `keepalive` so that it goes out even when the page
 * is closing; failures are ignored: the grace period stops an answer nobody reads anyway.
 */
export function requestStop(
  fetchImpl: typeof fetch,
  handle: ResumeHandle,
  chatUrl?: string,
  onRefused?: () => void,
): void {
  void fetchImpl(resumePath(chatUrl, handle, 'stop'), {
    method: 'POST',
    headers: { 'X-Resume-Token': handle.token },
    keepalive: true,
  }).then(
    (res) => {
      if (!res.ok) onRefused?.();
    },
    () => onRefused?.(),
  );
}
