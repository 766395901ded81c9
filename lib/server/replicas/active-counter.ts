import 'server-only';

/**
 * How many answers stream from each replica now. In memory it counts this instance's streams;
 * shared (Redis) it counts every instance's, so several Runnel instances spread their chats over
 * the same replicas instead of each piling onto the one it thinks is idle.
 */
export interface ActiveStreamCounter {
  /** Counts one more stream on `replica`; the returned function counts it off (once). */
  add(replica: string): Promise<() => void>;
  /** Streams on each replica now, in the order given. */
  counts(replicas: readonly string[]): Promise<number[]>;
}

/** This instance's streams only. */
export function createMemoryCounter(): ActiveStreamCounter {
  const active = new Map<string, number>();
  return {
    async add(replica) {
      active.set(replica, (active.get(replica) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const n = (active.get(replica) ?? 1) - 1;
        if (n > 0) active.set(replica, n);
        else active.delete(replica);
      };
    },
    async counts(replicas) {
      return replicas.map((r) => active.get(r) ?? 0);
    },
  };
}
