import 'server-only';

import type { ReplicaFailure, ReplicaLease } from '../replicas/replica-pool';

/** Where a chat's attempts go: a provider's replicas, in the order the pool chooses. */
export interface ReplicaSource {
  /** The next replica not yet tried (undefined when all were). */
  acquire(tried: ReadonlySet<string>): Promise<ReplicaLease | undefined>;
  /** How many replicas there are. */
  size: number;
}

/** One fixed address (no replicas): never ejected, never moved away from. */
export function singleAddress(baseURL: string, label: string): ReplicaSource {
  const lease: ReplicaLease = {
    baseURL,
    label,
    failed: () => undefined,
    succeeded: () => undefined,
    release: () => undefined,
  };
  return { acquire: async (tried) => (tried.has(baseURL) ? undefined : lease), size: 1 };
}

/** Thrown inside the relay when an attempt failed before its answer started and may move on. */
export class MoveOn extends Error {
  constructor(readonly reason: ReplicaFailure) {
    super(`replica failed before the answer (${reason})`);
  }
}
