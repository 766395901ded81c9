import type { AnswerRunControl } from './answer-run';
import { requestStop, type ResumeHandle } from './resume-handle';

/** How long Stop waits for the `start` event (sent at once) before only closing the connection. */
const STOP_WAIT_FOR_START_MS = 2000;
/**
 * How long a stopped answer's connection stays open for the server's `stopped` event (which says
 * how fast the backend was let go) before it is closed anyway.
 */
const STOPPED_EVENT_WAIT_MS = 1500;

/**
 * Stops a run: the server stops generating (the stop endpoint, since an answer outlives its
 * connections) and ends the answer with `stopped`, which the open connection reads; it is closed
 * at once if the stop is refused or cannot be sent, and after a moment if that event never comes.
 */
export function stopAnswerRun(
  control: AnswerRunControl,
  fetchImpl: typeof fetch,
  chatUrl?: string,
): void {
  const close = () => control.controller.abort();
  const stop = (handle: ResumeHandle) => {
    requestStop(fetchImpl, handle, chatUrl, close);
    setTimeout(close, STOPPED_EVENT_WAIT_MS);
  };
  if (control.handle) {
    stop(control.handle);
    return;
  }
  if (control.started) {
    // The answer began without a token: it is not resumable, closing the connection stops it.
    control.controller.abort();
    return;
  }
  // Stop came before the `start` event (with the token) arrived, a matter of milliseconds:
  // closing the connection now would leave the answer generating for its grace period.
  control.onHandle = stop;
  setTimeout(() => control.controller.abort(), STOP_WAIT_FOR_START_MS);
}
