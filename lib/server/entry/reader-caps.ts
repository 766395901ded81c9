import 'server-only';

/** Readers of one answer on one instance: a person's tabs and devices, with room to spare. */
export const MAX_READERS_PER_ANSWER = 16;
/** Reattached streams one identity may hold open on one instance, over all its answers. */
export const MAX_READERS_PER_IDENTITY = 32;

/**
 * Counts the open reattached readers per answer and per identity, so one client cannot hold an
 * unbounded number of streams (and, before readers shared one follow, Redis connections) open.
 */
export function createReaderCaps(
  perAnswer = MAX_READERS_PER_ANSWER,
  perIdentity = MAX_READERS_PER_IDENTITY,
) {
  const answers = new Map<string, number>();
  const identities = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };
  return {
    /** Takes a place for one more reader; undefined when a cap is reached. */
    enter(answerId: string, identityKey: string): (() => void) | undefined {
      if ((answers.get(answerId) ?? 0) >= perAnswer) return undefined;
      if ((identities.get(identityKey) ?? 0) >= perIdentity) return undefined;
      add(answers, answerId, 1);
      add(identities, identityKey, 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        add(answers, answerId, -1);
        add(identities, identityKey, -1);
      };
    },
  };
}
