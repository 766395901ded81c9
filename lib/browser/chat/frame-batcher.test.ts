import { describe, expect, it, vi } from 'vitest';
import { createFrameBatcher, createFrameScheduler } from './frame-batcher';
import { manualFrames } from '../../../testing/unit/chat-test-support';

describe('createFrameBatcher', () => {
  it('delivers everything pushed within a frame in one call', () => {
    const frames = manualFrames();
    const deliver = vi.fn();
    const b = createFrameBatcher<number>(deliver, frames.schedule);
    for (let i = 0; i < 100; i++) b.push(i);
    expect(deliver).not.toHaveBeenCalled();
    expect(frames.pending).toBe(1);
    frames.runFrame();
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(deliver.mock.calls[0]![0]).toHaveLength(100);
    b.push(100);
    frames.runFrame();
    expect(deliver).toHaveBeenCalledTimes(2);
    expect(deliver.mock.calls[1]![0]).toEqual([100]);
  });

  it('flush delivers at once and cancels the frame; nothing is delivered twice', () => {
    const frames = manualFrames();
    const deliver = vi.fn();
    const b = createFrameBatcher<string>(deliver, frames.schedule);
    b.push('a');
    b.flush();
    expect(deliver).toHaveBeenCalledWith(['a']);
    expect(frames.pending).toBe(0);
    b.flush();
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('reschedules as urgent when an urgent item arrives, once', () => {
    const calls: boolean[] = [];
    const cancelled: number[] = [];
    const schedule = (_cb: () => void, urgent = false) => {
      calls.push(urgent);
      const n = calls.length;
      return () => cancelled.push(n);
    };
    const b = createFrameBatcher<string>(() => undefined, schedule);
    b.push('text');
    b.push('more text');
    b.push('status', true);
    b.push('another status', true);
    b.push('text again');
    expect(calls).toEqual([false, true]);
    expect(cancelled).toEqual([1]);
  });

  it('hands over a portion per paced frame and the rest in the frames after', () => {
    const frames = manualFrames();
    const deliver = vi.fn();
    const b = createFrameBatcher<number>(deliver, frames.schedule, () => 2);
    for (let i = 0; i < 5; i++) b.push(i);
    frames.runFrame();
    expect(deliver.mock.calls).toEqual([[[0, 1]]]);
    expect(frames.pending).toBe(1);
    frames.runFrame();
    frames.runFrame();
    expect(deliver.mock.calls.map((c) => c[0])).toEqual([[0, 1], [2, 3], [4]]);
    expect(frames.pending).toBe(0);
  });

  it('an urgent item skips the pacing, still a portion per frame; flush hands over everything', () => {
    const urgency: boolean[] = [];
    const frames = manualFrames();
    const schedule = (cb: () => void, urgent = false) => {
      urgency.push(urgent);
      return frames.schedule(cb);
    };
    const deliver = vi.fn();
    const b = createFrameBatcher<string>(deliver, schedule, () => 1);
    b.push('a');
    b.push('b');
    b.push('end', true);
    b.push('after');
    for (let i = 0; i < 4; i++) frames.runFrame();
    expect(deliver.mock.calls.map((c) => c[0])).toEqual([['a'], ['b'], ['end'], ['after']]);
    // The paced frame, then urgent ones until the urgent item was handed over, then paced again.
    expect(urgency).toEqual([false, true, true, true, false]);
    b.push('c');
    b.push('d');
    b.flush();
    expect(deliver.mock.calls.at(-1)![0]).toEqual(['c', 'd']);
    expect(frames.pending).toBe(0);
  });

  it('drain resolves once the frames handed everything over (at once when nothing waits)', async () => {
    const frames = manualFrames();
    const b = createFrameBatcher<number>(
      () => undefined,
      frames.schedule,
      () => 1,
    );
    await b.drain();
    b.push(1);
    b.push(2);
    let drained = false;
    void b.drain().then(() => (drained = true));
    frames.runFrame();
    await Promise.resolve();
    expect(drained).toBe(false);
    frames.runFrame();
    await Promise.resolve();
    expect(drained).toBe(true);
    b.push(3);
    const flushed = b.drain();
    b.flush();
    await flushed;
  });

  it('cancel drops pending items', () => {
    const frames = manualFrames();
    const deliver = vi.fn();
    const b = createFrameBatcher<string>(deliver, frames.schedule);
    b.push('a');
    b.cancel();
    frames.runFrame();
    b.flush();
    expect(deliver).not.toHaveBeenCalled();
  });
});

describe('createFrameScheduler', () => {
  it('runs on the animation frame and clears the fallback timer', () => {
    vi.useFakeTimers();
    const rafs: (() => void)[] = [];
    const schedule = createFrameScheduler({
      requestAnimationFrame: (cb) => rafs.push(cb),
      cancelAnimationFrame: () => undefined,
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    const cb = vi.fn();
    schedule(cb);
    rafs[0]!();
    vi.advanceTimersByTime(1000);
    expect(cb).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('falls back to a timer when frames do not come (background tab)', () => {
    vi.useFakeTimers();
    const schedule = createFrameScheduler(
      {
        requestAnimationFrame: () => 1,
        cancelAnimationFrame: () => undefined,
        setTimeout: (cb, ms) => setTimeout(cb, ms),
        clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      },
      250,
    );
    const cb = vi.fn();
    schedule(cb);
    vi.advanceTimersByTime(249);
    expect(cb).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cb).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
