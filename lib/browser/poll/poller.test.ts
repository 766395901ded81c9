import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, type PollerOptions } from './poller';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const timers = {
  setTimeout: (cb: () => void, ms: number): unknown => setTimeout(cb, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** A poller over a scripted server: each load answers the next result (an Error fails it). */
function setUp(
  results: (string[] | Error)[],
  options: Partial<PollerOptions<string[]>> = {},
  loadMs = 10,
) {
  const seen: string[][] = [];
  let loads = 0;
  let running = 0;
  let maxRunning = 0;
  const poller = createPoller<string[]>({
    load: () => {
      const result = results[Math.min(loads, results.length - 1)]!;
      loads++;
      running++;
      maxRunning = Math.max(maxRunning, running);
      return new Promise((resolve, reject) =>
        setTimeout(() => {
          running--;
          if (result instanceof Error) reject(result);
          else resolve(result);
        }, loadMs),
      );
    },
    // Like the model list: asked for again every 5 s while empty, then no more.
    interval: (data) => (data && data.length > 0 ? false : 5_000),
    staleMs: 60_000,
    onData: (data) => seen.push(data),
    timers,
    ...options,
  });
  return {
    poller,
    seen,
    loads: () => loads,
    maxRunning: () => maxRunning,
  };
}

describe('createPoller', () => {
  it('loads at once, again at the interval the data asks for, and stops when it asks for none', async () => {
    const t = setUp([[], [], ['m']]);
    t.poller.refresh();
    await vi.advanceTimersByTimeAsync(10);
    expect(t.seen).toEqual([[]]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(t.loads()).toBe(1);
    await vi.advanceTimersByTimeAsync(11);
    expect(t.loads()).toBe(2);
    await vi.advanceTimersByTimeAsync(5_010);
    expect(t.seen).toEqual([[], [], ['m']]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.loads()).toBe(3);
  });

  it('keeps the data through a failed load and tries again at its interval', async () => {
    const t = setUp([new Error('down'), ['m']], {
      interval: (data) => (data ? 30_000 : 3_000),
    });
    t.poller.refresh();
    await vi.advanceTimersByTimeAsync(10);
    expect(t.seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_010);
    expect(t.seen).toEqual([['m']]);
    expect(t.loads()).toBe(2);
  });

  it('a refresh during a load loads once more after it, never two at a time', async () => {
    const t = setUp([['a'], ['b']], {}, 100);
    t.poller.refresh();
    t.poller.refresh();
    t.poller.refresh();
    await vi.advanceTimersByTimeAsync(100);
    expect(t.loads()).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.seen).toEqual([['a'], ['b']]);
    expect(t.maxRunning()).toBe(1);
  });

  it('holds loads that fall due while the page is hidden until it is shown', async () => {
    const t = setUp([[]]);
    t.poller.refresh();
    await vi.advanceTimersByTimeAsync(10);
    t.poller.pause();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.loads()).toBe(1);
    t.poller.resume();
    await vi.advanceTimersByTimeAsync(10);
    expect(t.loads()).toBe(2);
  });

  it('loads again when shown only if the data went stale meanwhile', async () => {
    const t = setUp([['m']]);
    t.poller.refresh();
    await vi.advanceTimersByTimeAsync(10);
    t.poller.pause();
    await vi.advanceTimersByTimeAsync(30_000);
    t.poller.resume();
    expect(t.loads()).toBe(1);
    t.poller.pause();
    await vi.advanceTimersByTimeAsync(30_000);
    t.poller.resume();
    expect(t.loads()).toBe(2);
  });

  it('does nothing more once stopped', async () => {
    const t = setUp([[]], {}, 100);
    t.poller.refresh();
    t.poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    t.poller.refresh();
    t.poller.resume();
    expect(t.seen).toEqual([]);
    expect(t.loads()).toBe(1);
  });
});
