import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../../testing/stack/redis-server';
import { createRedisSlotStore } from './redis-slot-store';
import { createMemorySlotStore, type SlotStore } from './slot-store';
import { createSlots, type Lease } from './slots';

let server: RedisServer;
let redis: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url, { enableOfflineQueue: false, lazyConnect: true });
  await redis.connect();
});

afterAll(async () => {
  redis.disconnect();
  await server.stop();
});

const stores: [string, () => SlotStore][] = [
  ['memory', () => createMemorySlotStore()],
  ['redis', () => createRedisSlotStore(redis, `test:${crypto.randomUUID()}:`)],
];

describe.each(stores)('slots in %s', (_name, makeStore) => {
  const slotsOf = (store: SlotStore, ttlMs?: number) =>
    createSlots({
      local: createMemorySlotStore(),
      shared: async () => store,
      pollMs: 10,
      ...(ttlMs ? { ttlMs } : {}),
    });

  it('holds at most the limit and frees a slot on release', async () => {
    const store = makeStore();
    const slots = slotsOf(store);
    const a = await slots.tryTake('k', 2);
    const b = await slots.tryTake('k', 2);
    expect(a && b).toBeTruthy();
    expect(await slots.tryTake('k', 2)).toBeNull();
    expect(await store.held('k')).toBe(2);
    a!.release();
    a!.release();
    await expect.poll(() => store.held('k')).toBe(1);
    expect(await slots.tryTake('k', 2)).not.toBeNull();
  });

  it('admits waiters first come first served, telling each how many are ahead', async () => {
    const store = makeStore();
    const slots = slotsOf(store);
    const holder = (await slots.tryTake('q', 1))!;
    const order: string[] = [];
    const positions: Record<string, number[]> = { w1: [], w2: [], w3: [] };
    const waiters = ['w1', 'w2', 'w3'].map(async (name, i) => {
      await new Promise((r) => setTimeout(r, i * 30));
      const lease = await slots.wait('q', 1, {
        signal: new AbortController().signal,
        timeoutMs: 5_000,
        onPosition: (ahead) => positions[name]!.push(ahead),
      });
      order.push(name);
      await new Promise((r) => setTimeout(r, 20));
      (lease as Lease).release();
    });
    await new Promise((r) => setTimeout(r, 150));
    // A newcomer does not jump the line.
    expect(await slots.tryTake('q', 1)).toBeNull();
    holder.release();
    await Promise.all(waiters);
    expect(order).toEqual(['w1', 'w2', 'w3']);
    expect(positions.w1![0]).toBe(0);
    expect(positions.w2![0]).toBe(1);
    expect(positions.w3).toEqual([2, 1, 0]);
  });

  it('a waiter that aborts leaves the line at once', async () => {
    const store = makeStore();
    const slots = slotsOf(store);
    const holder = (await slots.tryTake('a', 1))!;
    const quitter = new AbortController();
    const first = slots.wait('a', 1, { signal: quitter.signal, timeoutMs: 5_000 });
    await new Promise((r) => setTimeout(r, 30));
    const aheadSeen: number[] = [];
    const second = slots.wait('a', 1, {
      signal: new AbortController().signal,
      timeoutMs: 5_000,
      onPosition: (n) => aheadSeen.push(n),
    });
    await new Promise((r) => setTimeout(r, 30));
    quitter.abort();
    expect(await first).toBe('aborted');
    await expect.poll(() => aheadSeen.at(-1)).toBe(0);
    holder.release();
    const lease = await second;
    expect(typeof lease).toBe('object');
    (lease as Lease).release();
  });

  it('gives up after the timeout', async () => {
    const slots = slotsOf(makeStore());
    const holder = (await slots.tryTake('t', 1))!;
    const started = performance.now();
    expect(await slots.wait('t', 1, { signal: new AbortController().signal, timeoutMs: 100 })).toBe(
      'timeout',
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    holder.release();
  });
});

describe('slots in redis, across instances', () => {
  it('a slot held by an instance that died expires', async () => {
    const prefix = `test:${crypto.randomUUID()}:`;
    const dead = createRedisSlotStore(redis, prefix);
    // A lease taken and never renewed nor released: what an instance that died leaves behind.
    expect(await dead.tryAcquire('d', 'dead-lease', 1, 200)).toBe(true);
    const alive = createSlots({
      local: createMemorySlotStore(),
      shared: async () => createRedisSlotStore(redis, prefix),
    });
    expect(await alive.tryTake('d', 1)).toBeNull();
    await new Promise((r) => setTimeout(r, 250));
    const lease = await alive.tryTake('d', 1);
    expect(lease).not.toBeNull();
    lease!.release();
  });

  it('a held lease is renewed while its stream lasts', async () => {
    const prefix = `test:${crypto.randomUUID()}:`;
    const store = createRedisSlotStore(redis, prefix);
    const slots = createSlots({
      local: createMemorySlotStore(),
      shared: async () => store,
      ttlMs: 150,
    });
    const lease = (await slots.tryTake('r', 1))!;
    await new Promise((r) => setTimeout(r, 400));
    expect(await store.held('r')).toBe(1);
    lease.release();
    await expect.poll(() => store.held('r')).toBe(0);
  });

  it('falls back to memory when the shared store fails', async () => {
    const broken: SlotStore = {
      ...createMemorySlotStore(),
      tryAcquire: () => Promise.reject(new Error('Connection is closed.')),
      admit: () => Promise.reject(new Error('Connection is closed.')),
    };
    const local = createMemorySlotStore();
    const slots = createSlots({ local, shared: async () => broken, pollMs: 10 });
    const lease = await slots.tryTake('f', 1);
    expect(lease).not.toBeNull();
    expect(await local.held('f')).toBe(1);
    lease!.release();
  });
});
