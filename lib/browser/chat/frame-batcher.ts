/**
 * Schedules a callback for the next frame; returns a function that cancels it. An `urgent` callback
 * (something other than more text: a status, the end) may skip a pacing policy's wait.
 */
export type ScheduleFrame = (callback: () => void, urgent?: boolean) => () => void;

/** Collects items and hands them over at most once per frame. */
interface FrameBatcher<T> {
  /**
   * Adds an item. An `urgent` one skips the pacing's waits: the items up to it are handed over in
   * the frames right after, still a portion per frame.
   */
  push(item: T, urgent?: boolean): void;
  /** Hands over everything pending now (stop, a hidden page's end). */
  flush(): void;
  /** Resolves once everything pushed so far has been handed over, in its frames (one caller). */
  drain(): Promise<void>;
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
   * How many of the pending items a frame hands over (at least one); the rest wait for the next
   * frame. Everything by default; `flush` hands over everything.
   */
  portion: (pending: readonly T[]) => number = (pending) => pending.length,
): FrameBatcher<T> {
  let pending: T[] = [];
  let cancelFrame: (() => void) | null = null;
  /** How many of the pending items, from the first, end with an urgent one (0: none). */
  let urgentItems = 0;
  /** Resolves what `drain` returned (one caller at a time: the run). */
  let drained = () => {};

  /** Hands over the first `count` pending items; schedules the next frame if some are left. */
  const handOver = (count: number) => {
    cancelFrame?.();
    cancelFrame = null;
    const items = pending.splice(0, count);
    urgentItems = Math.max(0, urgentItems - count);
    if (items.length > 0) deliver(items);
    if (pending.length > 0) cancelFrame = scheduleFrame(frame, urgentItems > 0);
    else drained();
  };
  const frame = () => handOver(Math.max(1, portion(pending)));

  return {
    push(item, urgent = false) {
      pending.push(item);
      const wasUrgent = urgentItems > 0;
      if (urgent) urgentItems = pending.length;
      if (urgent && !wasUrgent) {
        cancelFrame?.();
        cancelFrame = scheduleFrame(frame, true);
      }
      cancelFrame ??= scheduleFrame(frame);
    },
    flush: () => handOver(pending.length),
    drain: () =>
      new Promise((resolve) => {
        drained = resolve;
        if (pending.length === 0) resolve();
      }),
    cancel() {
      pending = [];
      urgentItems = 0;
      handOver(0);
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
