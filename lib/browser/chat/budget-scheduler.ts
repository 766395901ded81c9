import type { ScheduleFrame } from './frame-batcher';

/** What the budgeted scheduler needs from the page. */
interface BudgetClock {
  now(): number;
  /**
   * Calls `cb` with how long the browser took to render the next frame (style, layout, paint):
   * the cost of an update that is not in its script.
   */
  measureNextFrame(cb: (renderMs: number) => void): void;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /**
   * Runs an update together with the work it schedules, so that its cost is measured whole. React
   * renders a store change in a microtask after the change, which a clock read right after the
   * update would miss; the page passes React's `flushSync`. Without it, the update is called.
   */
  runUpdate?(update: () => void): void;
}

interface BudgetOptions {
  /** Share of main-thread time streaming updates may take (0–1). */
  budget: number;
  /** Updates come at least this often, however expensive they are. */
  maxIntervalMs: number;
}

/**
 * Frames with a main-thread budget: each update's cost (its script, then the style, layout and
 * paint of the frame that shows it) is measured,
 * and the next one waits until the cost is at most `budget` of the time passed. Cheap updates (a
 * short answer) still run every frame; expensive ones (a long answer on a slow device, thousands of
 * tokens per second) come less often instead of freezing input — the page stays responsive by
 * construction rather than by hoping a frame is cheap.
 */
export function createBudgetScheduler(
  base: ScheduleFrame,
  clock: BudgetClock,
  options: BudgetOptions,
): ScheduleFrame {
  let nextAllowed = 0;
  return (callback, urgent = false) => {
    let cancelled = false;
    let cancelPending: () => void = () => undefined;
    const run = () => {
      if (cancelled) return;
      // Urgent updates (a status, the end of the answer) are not paced: they are rare and awaited.
      const wait = urgent ? 0 : nextAllowed - clock.now();
      if (wait > 1) {
        const timer = clock.setTimeout(() => {
          cancelPending = base(run);
        }, wait);
        cancelPending = () => clock.clearTimeout(timer);
        return;
      }
      const start = clock.now();
      if (clock.runUpdate) clock.runUpdate(callback);
      else callback();
      const scriptMs = clock.now() - start;
      const spaceFor = (cost: number) =>
        start + Math.min(options.maxIntervalMs, cost / options.budget);
      nextAllowed = spaceFor(scriptMs);
      clock.measureNextFrame((renderMs) => {
        nextAllowed = spaceFor(scriptMs + renderMs);
      });
    };
    cancelPending = base(run);
    return () => {
      cancelled = true;
      cancelPending();
    };
  };
}
