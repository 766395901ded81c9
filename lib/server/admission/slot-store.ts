import 'server-only';

/**
 * Counted slots under a key (streams at once), with a first-come line of waiters. A slot or a
 * place in line is a lease: it lasts `ttlMs` unless renewed, so what a dead instance held expires
 * instead of leaking. Implemented in memory (one instance) and in Redis (shared, atomic).
 *
 * Taking is idempotent: `tryAcquire` and `admit` for a lease that already holds a slot say it is
 * taken. A command whose answer was lost (the client gave up on it after Redis had run it) is tried
 * again under the same lease, and must find the slot it took rather than count it against itself.
 */
export interface SlotStore {
  /** Takes a slot when fewer than `limit` are held and nobody waits in line for `key`. */
  tryAcquire(key: string, lease: string, limit: number, ttlMs: number): Promise<boolean>;
  /**
   * For a waiter: joins the line at its end on the first call, then takes a slot once the waiters
   * ahead of it no longer fill the free slots. Each call renews its place.
   */
  admit(key: string, waiter: string, limit: number, ttlMs: number): Promise<Admission>;
  /** Keeps a slot (or a place in line) alive for another `ttlMs`. */
  renew(key: string, lease: string, ttlMs: number): Promise<void>;
  /** Gives a slot back, or leaves the line. */
  release(key: string, lease: string): Promise<void>;
  /** Slots held now (health and tests). */
  held(key: string): Promise<number>;
}

/** `ahead`: waiters before this one in line. */
export type Admission = { admitted: true } | { admitted: false; ahead: number };

/** One instance's slots: a plain count and an array per key (nothing can outlive the process). */
export function createMemorySlotStore(): SlotStore {
  const holders = new Map<string, Set<string>>();
  const lines = new Map<string, string[]>();
  const held = (key: string) => holders.get(key)?.size ?? 0;
  const take = (key: string, lease: string) => {
    const set = holders.get(key) ?? new Set<string>();
    set.add(lease);
    holders.set(key, set);
  };
  const leaveLine = (key: string, waiter: string) => {
    const line = lines.get(key);
    if (!line) return;
    const index = line.indexOf(waiter);
    if (index >= 0) line.splice(index, 1);
    if (line.length === 0) lines.delete(key);
  };
  return {
    async tryAcquire(key, lease, limit) {
      if (holders.get(key)?.has(lease)) return true;
      if (held(key) >= limit || (lines.get(key)?.length ?? 0) > 0) return false;
      take(key, lease);
      return true;
    },
    async admit(key, waiter, limit) {
      if (holders.get(key)?.has(waiter)) return { admitted: true };
      const line = lines.get(key) ?? [];
      lines.set(key, line);
      let rank = line.indexOf(waiter);
      if (rank < 0) rank = line.push(waiter) - 1;
      if (rank < limit - held(key)) {
        leaveLine(key, waiter);
        take(key, waiter);
        return { admitted: true };
      }
      return { admitted: false, ahead: rank };
    },
    async renew() {},
    async release(key, lease) {
      const set = holders.get(key);
      if (set?.delete(lease) && set.size === 0) holders.delete(key);
      leaveLine(key, lease);
    },
    async held(key) {
      return held(key);
    },
  };
}
