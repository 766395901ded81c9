import { describe, expect, it } from 'vitest';
import { createMemoryCounter } from './active-counter';
import { createReplicaPool } from './replica-pool';
import { EJECT_BASE_MS, EJECT_MAX_MS } from './replica-health';

const A = 'http://a.test/v1';
const B = 'http://b.test/v1';
const C = 'http://c.test/v1';

function pool(urls = [A, B, C]) {
  let t = 0;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  return { pool: createReplicaPool('gpu', urls, createMemoryCounter(), clock.now), clock };
}

describe('replica pool', () => {
  it('gives each chat the replica with the fewest active streams', async () => {
    const { pool: p } = pool();
    const first = await p.acquire(new Set());
    const second = await p.acquire(new Set());
    const third = await p.acquire(new Set());
    expect(new Set([first, second, third].map((l) => l?.baseURL))).toEqual(new Set([A, B, C]));
    second!.release();
    expect((await p.acquire(new Set()))?.baseURL).toBe(second!.baseURL);
    expect((await p.states()).map((s) => s.activeStreams)).toEqual([1, 1, 1]);
  });

  it('skips replicas already tried, and says when none is left', async () => {
    const { pool: p } = pool([A, B]);
    const tried = new Set([A]);
    expect((await p.acquire(tried))?.baseURL).toBe(B);
    expect(await p.acquire(new Set([A, B]))).toBeUndefined();
  });

  it('ejects a failed replica for a cool-down that doubles, and takes it back after', async () => {
    const { pool: p, clock } = pool([A, B]);
    const lease = (await p.acquire(new Set([B])))!;
    lease.failed('unreachable');
    lease.release();
    for (let i = 0; i < 3; i++) {
      const next = (await p.acquire(new Set()))!;
      expect(next.baseURL).toBe(B);
      next.release();
    }
    expect((await p.states())[0]?.ejectedForMs).toBe(EJECT_BASE_MS);
    clock.advance(EJECT_BASE_MS);
    const back = (await p.acquire(new Set([B])))!;
    expect(back.baseURL).toBe(A);
    back.failed('http_5xx');
    expect((await p.states())[0]?.ejectedForMs).toBe(2 * EJECT_BASE_MS);
    back.succeeded();
    expect((await p.states())[0]?.ejectedForMs).toBe(0);
    for (let i = 0; i < 10; i++) back.failed('broken');
    expect((await p.states())[0]?.ejectedForMs).toBe(EJECT_MAX_MS);
  });

  it('still tries an ejected replica when every one is ejected (never refuses untried)', async () => {
    const { pool: p, clock } = pool([A, B]);
    const a = (await p.acquire(new Set([B])))!;
    a.failed('unreachable');
    clock.advance(1_000);
    const b = (await p.acquire(new Set([A])))!;
    b.failed('unreachable');
    // A's cool-down ends first.
    expect((await p.acquire(new Set()))?.baseURL).toBe(A);
  });
});
