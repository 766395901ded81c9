/** Timer functions, injected so tests control time. */
export interface TimerApi {
  setTimeout: (cb: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** Coalesces saves per key: at most one save per `intervalMs` per key, and an immediate `flush`. */
export interface SaveScheduler {
  /** Something under `key` changed: save it within `intervalMs`. */
  touch(key: string): void;
  /** Save `key` now (end of an answer) and drop its pending timer. */
  flush(key: string): void;
  /** Save everything pending now (page hide). */
  flushAll(): void;
  /** Forget a pending save (the conversation was deleted). */
  drop(key: string): void;
}

/**
 * Throttles saves of a streaming answer: the first change schedules a save `intervalMs` later,
 * changes in between ride along, so a streaming answer is on disk at least every `intervalMs`
 * (a crash or a closed tab loses at most that much of an answer).
 */
export function createSaveScheduler(
  save: (key: string) => void,
  timers: TimerApi,
  intervalMs = 500,
): SaveScheduler {
  const pending = new Map<string, unknown>();
  const run = (key: string) => {
    const handle = pending.get(key);
    if (handle !== undefined) timers.clearTimeout(handle);
    pending.delete(key);
    save(key);
  };
  return {
    touch(key) {
      if (pending.has(key)) return;
      pending.set(
        key,
        timers.setTimeout(() => run(key), intervalMs),
      );
    },
    flush: run,
    flushAll() {
      for (const key of [...pending.keys()]) run(key);
    },
    drop(key) {
      const handle = pending.get(key);
      if (handle !== undefined) timers.clearTimeout(handle);
      pending.delete(key);
    },
  };
}
