import 'server-only';

import type { SlotStore } from './slot-store';

/** A slot held until released; renewed in the background so it outlives no dead instance. */
export interface Lease {
  /** Gives the slot back (idempotent; never throws). */
  release(): void;
}

/** Why a wait ended without a slot. */
export type WaitEnd = 'timeout' | 'aborted';

export interface WaitOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** Called when the number of waiters ahead changes (first call included). */
  onPosition?: (ahead: number) => void;
}

export interface Slots {
  /** A slot under `key` if one is free now, else null. */
  tryTake(key: string, limit: number): Promise<Lease | null>;
  /** Waits in line for a slot under `key`, first come first served. */
  wait(key: string, limit: number, options: WaitOptions): Promise<Lease | WaitEnd>;
}

export interface SlotsOptions {
  /** The shared store when it can take a command now, else undefined (memory is used). */
  shared: () => Promise<SlotStore | undefined>;
  local: SlotStore;
  /** A lease not renewed for this long is dropped (a dead instance's slots). */
  ttlMs?: number;
  /** How often a waiter asks whether it may go. */
  pollMs?: number;
}

const DEFAULT_TTL_MS = 15_000;
const DEFAULT_POLL_MS = 50;
/**
 * Failed commands in a row after which a shared store that still says it is connected is left
 * for memory. One slow command (Redis's client gives up after 500 ms, which a busy machine can
 * take) is not an outage: a waiter that left the shared line for it was let through by this
 * instance's empty memory while the backend's one slot was held in Redis.
 */
const FAILURES_BEFORE_MEMORY = 3;

/**
 * Slots in the shared store (Redis) when there is one and it answers, otherwise in this instance's
 * memory — so an unreachable Redis degrades limits to per-instance ones instead of failing
 * requests. Each lease remembers the store that granted it, which is the one it is given back to.
 */
export function createSlots(options: SlotsOptions): Slots {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

  async function pick(): Promise<SlotStore> {
    return (await options.shared()) ?? options.local;
  }

  /** After `failures` failed commands in a row on `store`: the store to use from now on. */
  async function afterFailure(store: SlotStore, failures: number): Promise<SlotStore> {
    if (store === options.local) throw new Error('the local slot store failed');
    if (failures >= FAILURES_BEFORE_MEMORY) return options.local;
    return (await options.shared()) === store ? store : options.local;
  }

  function lease(store: SlotStore, key: string, id: string): Lease {
    const heartbeat = setInterval(() => {
      store.renew(key, id, ttlMs).catch(() => undefined);
    }, ttlMs / 3);
    heartbeat.unref?.();
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        // A failed release (Redis down) is not retried: the lease expires after ttlMs by itself.
        store.release(key, id).catch(() => undefined);
      },
    };
  }

  async function tryTake(key: string, limit: number): Promise<Lease | null> {
    const id = crypto.randomUUID();
    let store = await pick();
    for (let failures = 1; ; failures++) {
      try {
        const taken = await store.tryAcquire(key, id, limit, ttlMs);
        return taken ? lease(store, key, id) : null;
      } catch {
        store = await afterFailure(store, failures);
      }
    }
  }

  async function wait(key: string, limit: number, wo: WaitOptions): Promise<Lease | WaitEnd> {
    const id = crypto.randomUUID();
    let store = await pick();
    const deadline = performance.now() + wo.timeoutMs;
    let lastAhead = -1;
    let granted = false;
    let failures = 0;
    try {
      for (;;) {
        if (wo.signal.aborted) return 'aborted';
        let admission;
        try {
          admission = await store.admit(key, id, limit, ttlMs);
          failures = 0;
        } catch {
          // The shared store went away mid-wait: wait in this instance's line instead. A command
          // that failed while it is still there is tried again, in the same place in line.
          const next = await afterFailure(store, ++failures);
          if (next !== store) failures = 0;
          store = next;
          continue;
        }
        if (admission.admitted) {
          // Aborted while the admission was in flight: hand the slot straight back.
          if (wo.signal.aborted) {
            return 'aborted';
          }
          granted = true;
          return lease(store, key, id);
        }
        if (admission.ahead !== lastAhead) {
          lastAhead = admission.ahead;
          wo.onPosition?.(admission.ahead);
        }
        const left = deadline - performance.now();
        if (left <= 0) return 'timeout';
        await sleep(Math.min(pollMs, left), wo.signal);
      }
    } finally {
      // Leaving the line (or the slot just granted to an aborted waiter) at once lets the ones
      // behind move up without waiting for expiry.
      if (!granted) store.release(key, id).catch(() => undefined);
    }
  }

  return { tryTake, wait };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
