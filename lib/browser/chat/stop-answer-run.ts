import type { AnswerRunControl } from './answer-run';
import { requestStop, type ResumeHandle } from './resume-handle';

/** How long Stop waits for the `start` event (sent at once) before only closing the connection. */
const STOP_WAIT_FOR_START_MS = 2000;

/**
 * Stops a run: the server stops generating (the stop endpoint, since an answer outlives its
 * connections), then the connection is closed.
 */
export function stopAnswerRun(
  control: AnswerRunControl,
  fetchImpl: typeof fetch,
  chatUrl?: string,
): void {
  const stop = (handle: ResumeHandle) => {
    requestStop(fetchImpl, handle, chatUrl);
    control.controller.abort();
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
