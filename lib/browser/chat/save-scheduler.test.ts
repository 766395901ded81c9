import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSaveScheduler } from './save-scheduler';

const timers = {
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as never),
};

afterEach(() => vi.useRealTimers());

describe('createSaveScheduler', () => {
  it('saves a key at most once per interval while it keeps changing', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const s = createSaveScheduler(save, timers, 500);
    for (let t = 0; t < 2000; t += 16) {
      s.touch('c1');
      vi.advanceTimersByTime(16);
    }
    // ~2 s of changes: a save every 500 ms, never more than a second apart.
    expect(save.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(save.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('flush saves at once and cancels the pending timer', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const s = createSaveScheduler(save, timers, 500);
    s.touch('c1');
    s.flush('c1');
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flushAll saves every pending key; drop forgets one', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const s = createSaveScheduler(save, timers, 500);
    s.touch('a');
    s.touch('b');
    s.touch('c');
    s.drop('b');
    s.flushAll();
    expect(save.mock.calls.map((c) => c[0])).toEqual(['a', 'c']);
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
