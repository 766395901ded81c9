/**
 * Keeps one piece of server state fresh — the model list, backend health — by loading it, again
 * at an interval that depends on what was loaded, and again when the page is shown after it went
 * stale. It is all the page needs of a server-state cache for two GET requests; a query library
 * did the same for ~10 KB (gzip) of the page's JavaScript budget (docs/performance.md).
 */

/** The clock and timers the poller uses: the page's, or a test's. */
export interface PollTimers {
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface PollerOptions<T> {
  load: () => Promise<T>;
  /**
   * Milliseconds from a load to the next, given the latest data (undefined when nothing has
   * loaded yet, a failure included); false for no next load.
   */
  interval: (data: T | undefined) => number | false;
  /** When the page is shown again, a load older than this is repeated at once. */
  staleMs: number;
  /** Each successful load's result. */
  onData: (data: T) => void;
  timers: PollTimers;
}

export interface Poller {
  /** Loads now; during a load, once more right after it. */
  refresh(): void;
  /** The page was hidden: loads that fall due wait for `resume`. */
  pause(): void;
  /** The page is shown again: loads at once if one fell due meanwhile or the data is stale. */
  resume(): void;
  /** No more loads, and no more `onData`. */
  stop(): void;
}

/** A poller; nothing happens until the first `refresh`. */
export function createPoller<T>({
  load,
  interval,
  staleMs,
  onData,
  timers,
}: PollerOptions<T>): Poller {
  let data: T | undefined;
  let loadedAt = -Infinity;
  let timer: unknown;
  let loading = false;
  let again = false;
  let paused = false;
  let due = false;
  let stopped = false;

  const schedule = () => {
    const ms = interval(data);
    if (ms === false) return;
    timer = timers.setTimeout(() => {
      timer = undefined;
      if (paused) due = true;
      else refresh();
    }, ms);
  };

  const refresh = () => {
    if (stopped) return;
    if (loading) {
      again = true;
      return;
    }
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    loading = true;
    load()
      .then(
        (result) => {
          data = result;
          if (!stopped) onData(result);
        },
        // A failed load keeps what was there; the interval decides when to try again.
        () => undefined,
      )
      .finally(() => {
        loading = false;
        loadedAt = timers.now();
        if (stopped) return;
        if (again) {
          again = false;
          refresh();
        } else {
          schedule();
        }
      });
  };

  return {
    refresh,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      if (loading || stopped) return;
      if (due || timers.now() - loadedAt >= staleMs) {
        due = false;
        refresh();
      }
    },
    stop() {
      stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
