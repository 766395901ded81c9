import type { ScheduleFrame } from './frame-batcher';

/** What the budgeted scheduler needs from the page. */
export interface BudgetClock {
  now(): number;
  /** Runs `cb` after the current frame was rendered (style, layout, paint included). */
  afterFrame(cb: () => void): void;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface BudgetOptions {
  /** Share of main-thread time streaming updates may take (0–1). */
  budget: number;
  /** Updates come at least this often, however expensive they are. */
  maxIntervalMs: number;
}

/**
 * Frames with a main-thread budget: each update's cost (script, style, layout, paint) is measured,
 * and the next one waits until the cost is at most `budget` of the time passed. Cheap updates (a
 * short answer) still run every frame; expensive ones (a long answer on a slow device, thousands of
 * tokens per second) come less often instead of freezing input — the page stays responsive by
 * construction rather than by hoping a frame is cheap.
 */
export function createBudgetScheduler(base: ScheduleFrame, clock: BudgetClock, options: BudgetOptions): ScheduleFrame {
  let nextAllowed = 0;
  return (callback) => {
    let cancelled = false;
    let cancelPending: () => void = () => undefined;
    const run = () => {
      if (cancelled) return;
      const wait = nextAllowed - clock.now();
      if (wait > 1) {
        const timer = clock.setTimeout(() => {
          cancelPending = base(run);
        }, wait);
        cancelPending = () => clock.clearTimeout(timer);
        return;
      }
      const start = clock.now();
      callback();
      clock.afterFrame(() => {
        const cost = clock.now() - start;
        nextAllowed = start + Math.min(options.maxIntervalMs, cost / options.budget);
      });
    };
    cancelPending = base(run);
    return () => {
      cancelled = true;
      cancelPending();
    };
  };
}
