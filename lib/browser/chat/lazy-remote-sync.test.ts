import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLazyRemoteSync } from './lazy-remote-sync';
import { RETRY_LOAD_MS } from './persistence';
import type { RemoteSyncDeps } from './remote-sync';

/** The remote sync's code: it fails to load `failures` times (offline, a chunk gone), then loads. */
const flaky = vi.hoisted(() => ({ failures: 0, attempts: 0, calls: [] as string[] }));
vi.mock('./remote-sync', () => {
  flaky.attempts += 1;
  if (flaky.attempts <= flaky.failures)
    throw new TypeError('Failed to fetch dynamically imported module');
  return {
    createRemoteSync: () => ({
      watchStreaming: (id: string) => void flaky.calls.push(`watch ${id}`),
      receive: (message: { type: string; id: string }) =>
        void flaky.calls.push(`${message.type} ${message.id}`),
      afterHydration: () => void flaky.calls.push('hydrated'),
    }),
  };
});

/** A tab whose conversation `c1` has an answer streaming that it does not run (a reload). */
const deps = {
  get: () => ({
    conversations: { c1: { messages: [{ id: 'm1', role: 'assistant', status: 'streaming' }] } },
    running: {},
  }),
} as unknown as RemoteSyncDeps;

describe('lazy remote sync', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a tab alone, with nothing streaming elsewhere, loads nothing', async () => {
    const before = flaky.attempts;
    const sync = createLazyRemoteSync(deps);
    sync.watchStreaming('c2');
    sync.afterHydration();
    await Promise.resolve();
    expect(flaky.attempts).toBe(before);
  });

  it('a failed load is tried again, and the calls that waited on it run then, in order', async () => {
    vi.useFakeTimers();
    flaky.failures = 2;
    const sync = createLazyRemoteSync(deps);
    sync.watchStreaming('c1');
    sync.receive({ type: 'stop', id: 'c1' });
    sync.receive({ type: 'saved', id: 'c2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(flaky.attempts).toBe(1);
    expect(flaky.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_LOAD_MS);
    expect(flaky.attempts).toBe(2);
    expect(flaky.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_LOAD_MS);
    expect(flaky.attempts).toBe(3);
    expect(flaky.calls).toEqual(['watch c1', 'stop c1', 'saved c2']);
    // Loaded: later calls go straight through.
    sync.receive({ type: 'deleted', id: 'c3' });
    expect(flaky.calls.at(-1)).toBe('deleted c3');
    expect(flaky.attempts).toBe(3);
  });
});
