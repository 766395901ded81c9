import { describe, expect, it } from 'vitest';
import { redisForTests } from '../../../testing/unit/redis-for-tests';
import { until, untilRead } from '../../../testing/unit/until';
import { createRedisSlotStore } from './redis-slot-store';
import { createMemorySlotStore, type SlotStore } from './slot-store';
import { createSlots, type Lease } from './slots';

const redis = redisForTests();

const stores: [string, () => SlotStore][] = [
  ['memory', () => createMemorySlotStore()],
  ['redis', () => createRedisSlotStore(redis(), `test:${crypto.randomUUID()}:`)],
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
    const names = ['w1', 'w2', 'w3'];
    const positions: Record<string, number[]> = { w1: [], w2: [], w3: [] };
    const enter = async (name: string, i: number) => {
      const lease = await slots.wait('q', 1, {
        signal: new AbortController().signal,
        timeoutMs: 5_000,
        onPosition: (ahead) => positions[name]!.push(ahead),
      });
      order.push(name);
      // The slot is held until every waiter behind has seen the line move up by one.
      await until(
        () => names.slice(i + 1).every((behind, j) => positions[behind]!.at(-1) === j),
        5_000,
      );
      (lease as Lease).release();
    };
    const waiters: Promise<void>[] = [];
    for (const [i, name] of names.entries()) {
      waiters.push(enter(name, i));
      // The next one arrives once this one is in line.
      await until(() => positions[name]!.length > 0, 5_000);
    }
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
    let firstInLine = false;
    const first = slots.wait('a', 1, {
      signal: quitter.signal,
      timeoutMs: 5_000,
      onPosition: () => (firstInLine = true),
    });
    await until(() => firstInLine, 5_000);
    const aheadSeen: number[] = [];
    const second = slots.wait('a', 1, {
      signal: new AbortController().signal,
      timeoutMs: 5_000,
      onPosition: (n) => aheadSeen.push(n),
    });
    await until(() => aheadSeen.length > 0, 5_000);
    expect(aheadSeen).toEqual([1]);
    quitter.abort();
    expect(await first).toBe('aborted');
    await expect.poll(() => aheadSeen.at(-1)).toBe(0);
    holder.release();
    const lease = await second;
    expect(typeof lease).toBe('object');
    (lease as Lease).release();
  });

  it('a lease that already holds its slot is told so, not counted against itself', async () => {
    const store = makeStore();
    expect(await store.tryAcquire('i', 'one', 1, 15_000)).toBe(true);
    expect(await store.tryAcquire('i', 'one', 1, 15_000)).toBe(true);
    expect(await store.admit('i', 'one', 1, 15_000)).toEqual({ admitted: true });
    expect(await store.held('i')).toBe(1);
    expect(await store.tryAcquire('i', 'two', 1, 15_000)).toBe(false);
    await store.release('i', 'one');
    expect(await store.held('i')).toBe(0);
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
    const dead = createRedisSlotStore(redis(), prefix);
    // A lease taken and never renewed nor released: what an instance that died leaves behind.
    expect(await dead.tryAcquire('d', 'dead-lease', 2, 200)).toBe(true);
    const alive = createSlots({
      local: createMemorySlotStore(),
      shared: async () => createRedisSlotStore(redis(), prefix),
    });
    // A live lease holds the other slot, and keeps the key for far longer than the dead lease's
    // 200 ms: only the dead lease's own expiry can free a slot.
    const held = await alive.tryTake('d', 2);
    expect(held).not.toBeNull();
    expect(await alive.tryTake('d', 2)).toBeNull();
    const lease = await untilRead(
      () => alive.tryTake('d', 2),
      (taken) => taken !== null,
      5_000,
    );
    // The two slots are the live leases'.
    expect(await dead.held('d')).toBe(2);
    lease!.release();
    held!.release();
  });

  it('a held lease is renewed while its stream lasts', async () => {
    const prefix = `test:${crypto.randomUUID()}:`;
    const store = createRedisSlotStore(redis(), prefix);
    let renewals = 0;
    const slots = createSlots({
      local: createMemorySlotStore(),
      shared: async () => ({
        ...store,
        renew: async (...args) => {
          await store.renew(...args);
          renewals++;
        },
      }),
      ttlMs: 150,
    });
    const takenAt = performance.now();
    const lease = (await slots.tryTake('r', 1))!;
    // Renewed every 50 ms: after four renewals the lease has outlived its first 150 ms.
    await until(() => renewals >= 4, 5_000);
    expect(performance.now() - takenAt).toBeGreaterThan(150);
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

  it('one failed command while the shared store is still there keeps the shared limit', async () => {
    // A slow Redis command (the client's 500 ms timeout on a busy machine) is not an outage: the
    // waiter stays in the shared line, behind the slot held there, rather than being let through
    // by this instance's empty memory.
    const shared = createMemorySlotStore();
    let failNext = { tryAcquire: false, admit: false };
    const flaky: SlotStore = {
      ...shared,
      tryAcquire(...args) {
        if (failNext.tryAcquire) {
          failNext.tryAcquire = false;
          return Promise.reject(new Error('Command timed out'));
        }
        return shared.tryAcquire(...args);
      },
      admit(...args) {
        if (failNext.admit) {
          failNext.admit = false;
          return Promise.reject(new Error('Command timed out'));
        }
        return shared.admit(...args);
      },
    };
    const slots = createSlots({
      local: createMemorySlotStore(),
      shared: async () => flaky,
      pollMs: 10,
    });
    const holder = (await slots.tryTake('s', 1))!;
    failNext = { tryAcquire: true, admit: false };
    expect(await slots.tryTake('s', 1)).toBeNull();
    failNext = { tryAcquire: false, admit: true };
    const signal = new AbortController().signal;
    expect(await slots.wait('s', 1, { signal, timeoutMs: 200 })).toBe('timeout');
    holder.release();
    const next = await slots.wait('s', 1, { signal, timeoutMs: 5_000 });
    expect(typeof next).toBe('object');
    expect(await shared.held('s')).toBe(1);
  });

  it('a command that took a slot but lost its answer is tried again without a second slot', async () => {
    // The client gives up on a command after 500 ms; Redis may have run it already. Tried again
    // under the same lease, the take must find that slot, not refuse itself (the backend's only
    // slot then held by nobody until it expired) nor queue behind it.
    const shared = createMemorySlotStore();
    let loseNext = { tryAcquire: false, admit: false };
    const lossy: SlotStore = {
      ...shared,
      async tryAcquire(...args) {
        const taken = await shared.tryAcquire(...args);
        if (!loseNext.tryAcquire) return taken;
        loseNext.tryAcquire = false;
        throw new Error('Command timed out');
      },
      async admit(...args) {
        const admission = await shared.admit(...args);
        if (!loseNext.admit) return admission;
        loseNext.admit = false;
        throw new Error('Command timed out');
      },
    };
    const slots = createSlots({
      local: createMemorySlotStore(),
      shared: async () => lossy,
      pollMs: 10,
    });
    loseNext = { tryAcquire: true, admit: false };
    const first = await slots.tryTake('l', 1);
    expect(first).not.toBeNull();
    expect(await shared.held('l')).toBe(1);
    first!.release();
    await expect.poll(() => shared.held('l')).toBe(0);

    loseNext = { tryAcquire: false, admit: true };
    const signal = new AbortController().signal;
    const waited = await slots.wait('l', 1, { signal, timeoutMs: 2_000 });
    expect(typeof waited).toBe('object');
    expect(await shared.held('l')).toBe(1);
    (waited as Lease).release();
    await expect.poll(() => shared.held('l')).toBe(0);
  });

  it('leaves the shared store at once when it says it is gone', async () => {
    let tries = 0;
    let connected = true;
    const gone: SlotStore = {
      ...createMemorySlotStore(),
      tryAcquire: () => {
        // The connection drops with the command: the client is no longer ready.
        tries++;
        connected = false;
        return Promise.reject(new Error('Connection is closed.'));
      },
    };
    const local = createMemorySlotStore();
    const slots = createSlots({
      local,
      shared: async () => (connected ? gone : undefined),
      pollMs: 10,
    });
    expect(await slots.tryTake('g', 1)).not.toBeNull();
    expect(tries).toBe(1);
    expect(await local.held('g')).toBe(1);
  });
});
