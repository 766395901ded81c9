import { describe, expect, it, vi } from 'vitest';
import { createBudgetScheduler } from './budget-scheduler';
import type { ScheduleFrame } from './frame-batcher';

/**
 * A tiny discrete-event clock: frames every 16 ms, timers, and a callback "cost" that advances time
 * (`render` more is spent rendering the frame after it). `deferred` is work an update schedules
 * rather than does (React's render after a store change): the page's `runUpdate` does it at once.
 */
function simulation(cost: number, render = 0, deferred = 0) {
  let now = 0;
  let timers: { at: number; cb: () => void; id: number }[] = [];
  let nextId = 1;
  const setTimer = (cb: () => void, ms: number) => {
    const id = nextId++;
    timers.push({ at: now + ms, cb, id });
    return id;
  };
  const clearTimer = (id: unknown) => {
    timers = timers.filter((t) => t.id !== id);
  };
  const base: ScheduleFrame = (cb) => {
    const id = setTimer(cb, 16 - (now % 16) || 16);
    return () => clearTimer(id);
  };
  const runs: number[] = [];
  const schedule = createBudgetScheduler(
    base,
    {
      now: () => now,
      measureNextFrame: (cb) =>
        setTimer(
          () => {
            now += render;
            cb(render);
          },
          16 - (now % 16) || 16,
        ),
      setTimeout: setTimer,
      clearTimeout: clearTimer,
      runUpdate: (update) => {
        update();
        now += deferred;
      },
    },
    { budget: 0.25, maxIntervalMs: 250 },
  );
  const loop = () =>
    schedule(() => {
      runs.push(now);
      now += cost;
      loop();
    });
  const advance = (until: number) => {
    for (;;) {
      timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      now = Math.max(now, next.at);
      next.cb();
    }
  };
  /**
   * The time between consecutive updates, once at least `atLeast` updates ran: Math.min/max of an
   * empty list is ±Infinity, which would pass any bound, so too few runs fail here instead.
   */
  const gaps = (atLeast: number) => {
    expect(runs.length, 'updates that ran').toBeGreaterThanOrEqual(atLeast);
    return runs.slice(1).map((t, i) => t - runs[i]!);
  };
  return { loop, advance, gaps, schedule };
}

describe('createBudgetScheduler', () => {
  it('cheap updates run every frame', () => {
    const sim = simulation(2);
    sim.loop();
    sim.advance(1000);
    // A frame every 16 ms for 1 s.
    expect(Math.max(...sim.gaps(60))).toBeLessThanOrEqual(16);
  });

  it('expensive updates are spaced so they take at most the budget', () => {
    const sim = simulation(40);
    sim.loop();
    sim.advance(3000);
    // 40 ms of work may take 25 % of the time: one update per ≥ 160 ms (and ≤ 176, the next frame).
    expect(Math.min(...sim.gaps(17))).toBeGreaterThanOrEqual(160);
  });

  it('counts the rendering of an update, not only its script', () => {
    const sim = simulation(5, 35);
    sim.loop();
    sim.advance(3000);
    // 5 ms of script + 35 ms of style/layout/paint at 25 %: one update per ≥ 160 ms.
    expect(Math.min(...sim.gaps(17))).toBeGreaterThanOrEqual(160);
  });

  it('counts the work an update schedules, done inside runUpdate', () => {
    const sim = simulation(0, 0, 40);
    sim.loop();
    sim.advance(3000);
    // The store change itself is free; the render it causes (40 ms) is what the budget is for.
    expect(Math.min(...sim.gaps(17))).toBeGreaterThanOrEqual(160);
  });

  it('never waits much longer than maxIntervalMs', () => {
    const sim = simulation(200);
    sim.loop();
    sim.advance(5000);
    // 200 ms of work would want 800 ms between updates; the cap keeps it at 250 (+ the frame), so
    // 5 s hold at least 10 (at one per 466 ms: the work, the wait and a frame).
    expect(Math.max(...sim.gaps(10))).toBeLessThanOrEqual(250 + 16);
  });

  it('does not pace urgent updates', () => {
    const sim = simulation(0, 40);
    const runs: string[] = [];
    sim.schedule(() => runs.push('expensive'));
    sim.advance(100);
    // 40 ms of rendering at 25 % holds the next paced update back 160 ms, but not an urgent one.
    sim.schedule(() => runs.push('paced'));
    sim.schedule(() => runs.push('urgent'), true);
    sim.advance(120);
    expect(runs).toEqual(['expensive', 'urgent']);
    sim.advance(400);
    expect(runs).toEqual(['expensive', 'urgent', 'paced']);
  });

  it('cancel stops a pending update, and only that one', () => {
    const sim = simulation(1);
    const cancelled = vi.fn();
    const kept = vi.fn();
    sim.schedule(cancelled)();
    sim.schedule(kept);
    sim.advance(100);
    expect(cancelled).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledOnce();
  });
});
