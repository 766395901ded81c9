/**
 * Which tab is streaming an answer. An answer found `streaming` in storage is either still being
 * written by another tab, or was cut off when its tab closed; only in the second case may it be
 * marked `incomplete`. A Web Lock per answer tells them apart: the streaming tab holds it, and the
 * browser releases it when that tab goes away, however it goes.
 */
export interface RunLocks {
  /** Holds the answer's lock while it streams; returns the release. */
  hold(answerId: string): () => void;
  /** Calls `onFree` once no tab holds the answer's lock — at once when none does. */
  whenFree(answerId: string, onFree: () => Promise<void> | void): void;
}

const lockName = (answerId: string) => `runnel:answer:${answerId}`;

/** Web Locks (`navigator.locks`), or null where the browser has none. */
export function createWebRunLocks(): RunLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return null;
  return {
    hold(answerId) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      locks.request(lockName(answerId), () => held).catch(() => undefined);
      return release;
    },
    whenFree(answerId, onFree) {
      locks.request(lockName(answerId), () => onFree()).catch(() => undefined);
    },
  };
}
