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
    let taken: boolean;
    try {
      taken = await store.tryAcquire(key, id, limit, ttlMs);
    } catch {
      store = options.local;
      taken = await store.tryAcquire(key, id, limit, ttlMs);
    }
    return taken ? lease(store, key, id) : null;
  }

  async function wait(key: string, limit: number, wo: WaitOptions): Promise<Lease | WaitEnd> {
    const id = crypto.randomUUID();
    let store = await pick();
    const deadline = performance.now() + wo.timeoutMs;
    let lastAhead = -1;
    let granted = false;
    try {
      for (;;) {
        if (wo.signal.aborted) return 'aborted';
        let admission;
        try {
          admission = await store.admit(key, id, limit, ttlMs);
        } catch {
          if (store === options.local) throw new Error('the local slot store failed');
          // The shared store went away mid-wait: wait in this instance's line instead.
          store = options.local;
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
