/** What an idle callback is told about the time it has (the part of the DOM's `IdleDeadline` used). */
interface IdleTime {
  timeRemaining(): number;
}

/**
 * Runs `task` when the main thread is idle (within `timeoutMs` at the latest); returns a function
 * that cancels it. Falls back to a timer where `requestIdleCallback` is missing.
 */
export function whenIdle(task: (deadline: IdleTime) => void, timeoutMs = 500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => task({ timeRemaining: () => 8 }), 1);
  return () => window.clearTimeout(handle);
}

/**
 * A queue of small jobs run in idle periods: as many per period as fit in the time the browser
 * offers (at least one), so their results — state updates — land together and cost one render.
 */
export function createIdleQueue(timeoutMs: number) {
  const jobs = new Set<() => void>();
  let scheduled = false;
  const run = (deadline: IdleTime) => {
    scheduled = false;
    let first = true;
    for (const job of jobs) {
      if (!first && deadline.timeRemaining() < 2) break;
      first = false;
      jobs.delete(job);
      job();
    }
    if (jobs.size > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    whenIdle(run, timeoutMs);
  };
  return {
    /** Queues `job`; returns a function that removes it if it has not run. */
    add(job: () => void): () => void {
      jobs.add(job);
      schedule();
      return () => jobs.delete(job);
    },
  };
}
