/**
 * Schedules a callback for the next frame; returns a function that cancels it. An `urgent` callback
 * (something other than more text: a status, the end) may skip a pacing policy's wait.
 */
export type ScheduleFrame = (callback: () => void, urgent?: boolean) => () => void;

/** Collects items and hands them over at most once per frame. */
interface FrameBatcher<T> {
  /** Adds an item; an `urgent` one is handed over in the next frame, whatever the pacing. */
  push(item: T, urgent?: boolean): void;
  /** Hands over everything pending now (end of stream, stop). */
  flush(): void;
  /** Drops pending items and the scheduled frame. */
  cancel(): void;
}

/**
 * Batches stream events so the UI updates once per animation frame rather than once per token
 * (ARCHITECTURE.md, "Pitfalls": batch updates per animation frame).
 */
export function createFrameBatcher<T>(
  deliver: (items: T[]) => void,
  scheduleFrame: ScheduleFrame,
  /**
   * How many of the pending items a paced frame hands over (at least one); the rest wait for the
   * next frame. Everything by default. An urgent frame and `flush` hand over everything.
   */
  portion: (pending: readonly T[]) => number = (pending) => pending.length,
): FrameBatcher<T> {
  let pending: T[] = [];
  let cancelFrame: (() => void) | null = null;
  let scheduledUrgent = false;

  const flush = () => {
    cancelFrame?.();
    cancelFrame = null;
    scheduledUrgent = false;
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    deliver(items);
  };

  const frame = () => {
    cancelFrame = null;
    if (scheduledUrgent || pending.length === 0) return flush();
    const count = Math.max(1, Math.min(pending.length, portion(pending)));
    const items = pending.slice(0, count);
    pending = pending.slice(count);
    deliver(items);
    if (pending.length > 0) cancelFrame ??= scheduleFrame(frame);
  };

  return {
    push(item, urgent = false) {
      pending.push(item);
      if (urgent && !scheduledUrgent) {
        cancelFrame?.();
        cancelFrame = scheduleFrame(frame, true);
        scheduledUrgent = true;
        return;
      }
      cancelFrame ??= scheduleFrame(frame);
    },
    flush,
    cancel() {
      cancelFrame?.();
      cancelFrame = null;
      scheduledUrgent = false;
      pending = [];
    },
  };
}

/** The timer functions a frame scheduler needs (injected so tests can drive them). */
interface FrameClock {
  requestAnimationFrame?: (cb: () => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
  setTimeout: (cb: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * Next animation frame, with a timer as a safety net: browsers pause `requestAnimationFrame` in
 * background tabs, and a stream that keeps arriving there must still be applied and saved.
 */
export function createFrameScheduler(clock: FrameClock, fallbackMs = 250): ScheduleFrame {
  return (callback) => {
    let done = false;
    let raf: number | undefined;
    const run = () => {
      if (done) return;
      done = true;
      cancel();
      callback();
    };
    const timer = clock.setTimeout(run, fallbackMs);
    if (clock.requestAnimationFrame) raf = clock.requestAnimationFrame(run);
    function cancel() {
      done = true;
      clock.clearTimeout(timer);
      if (raf !== undefined) clock.cancelAnimationFrame?.(raf);
    }
    return cancel;
  };
}
