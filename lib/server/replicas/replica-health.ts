import 'server-only';

/** First cool-down after a failure; doubled for each failure in a row, up to the maximum. */
export const EJECT_BASE_MS = 5_000;
export const EJECT_MAX_MS = 60_000;

/**
 * Whether one replica takes chats. A failure (connection refused, a 5xx before the answer, a
 * stream cut before its first event) ejects it for a cool-down that doubles while failures
 * continue; after the cool-down it is tried again, and one success clears the record.
 */
export function createReplicaHealth(now: () => number) {
  let failures = 0;
  let ejectedUntil = 0;
  return {
    failed(): void {
      failures += 1;
      ejectedUntil = now() + Math.min(EJECT_BASE_MS * 2 ** (failures - 1), EJECT_MAX_MS);
    },
    succeeded(): void {
      failures = 0;
      ejectedUntil = 0;
    },
    /** Milliseconds until it is tried again (0: it takes chats). */
    ejectedFor(): number {
      return Math.max(0, ejectedUntil - now());
    },
    failures: () => failures,
  };
}

export type ReplicaHealth = ReturnType<typeof createReplicaHealth>;
