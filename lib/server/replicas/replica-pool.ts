import 'server-only';

import { metrics } from '../metrics/metrics';
import { displayURL } from '../security/display-url';
import type { ActiveStreamCounter } from './active-counter';
import { createReplicaHealth, type ReplicaHealth } from './replica-health';

/** Why a replica was given up on for one chat. */
export type ReplicaFailure = 'unreachable' | 'http_5xx' | 'broken';

/** One chat's use of one replica. */
export interface ReplicaLease {
  baseURL: string;
  /** The address as it may be shown (no credentials). */
  label: string;
  /** The replica failed this chat before its answer started: eject it for a while. */
  failed(reason: ReplicaFailure): void;
  /** The replica answered: it is healthy. */
  succeeded(): void;
  /** The chat is over (or moved on): count the stream off. */
  release(): void;
}

/** A replica as `/api/health` and the pool see it. */
export interface ReplicaState {
  baseURL: string;
  label: string;
  activeStreams: number;
  /** Milliseconds until an ejected replica is tried again; 0 when it takes chats. */
  ejectedForMs: number;
}

export interface ReplicaPool {
  /**
   * The replica for a chat's next attempt, or undefined when every one was tried. Healthy replicas
   * come first, the one with the fewest active streams; then ejected ones, the one closest to the
   * end of its cool-down — so a chat is never refused without trying.
   */
  acquire(tried: ReadonlySet<string>): Promise<ReplicaLease | undefined>;
  states(): Promise<ReplicaState[]>;
  size: number;
}

/**
 * The replicas of one provider. Counts go through `counter` (shared across instances when Redis is
 * configured); ejection is each instance's own judgement of what it saw.
 */
export function createReplicaPool(
  providerId: string,
  baseURLs: readonly string[],
  counter: ActiveStreamCounter,
  now: () => number,
): ReplicaPool {
  const replicas = baseURLs.map((baseURL) => ({
    baseURL,
    label: displayURL(baseURL),
    health: createReplicaHealth(now) as ReplicaHealth,
    key: `${providerId} ${baseURL}`,
  }));
  // Ties go round-robin, so equal replicas share a burst of chats that arrive together.
  let turn = 0;

  function setUp(replica: (typeof replicas)[number], up: boolean): void {
    if (replicas.length > 1) metrics.replicaUp(providerId, replica.label, up);
  }
  for (const r of replicas) setUp(r, true);

  async function acquire(tried: ReadonlySet<string>): Promise<ReplicaLease | undefined> {
    const open = replicas.filter((r) => !tried.has(r.baseURL));
    if (open.length === 0) return undefined;
    const counts = open.length > 1 ? await counter.counts(open.map((r) => r.key)) : [0];
    turn = (turn + 1) % replicas.length;
    const order = open
      .map((replica, i) => ({
        replica,
        ejectedFor: replica.health.ejectedFor(),
        active: counts[i] ?? 0,
        rotation: (replicas.indexOf(replica) - turn + replicas.length) % replicas.length,
      }))
      .sort(
        (a, b) =>
          Number(a.ejectedFor > 0) - Number(b.ejectedFor > 0) ||
          a.ejectedFor - b.ejectedFor ||
          a.active - b.active ||
          a.rotation - b.rotation,
      );
    const chosen = order[0]!.replica;
    const countOff = await counter.add(chosen.key);
    if (replicas.length > 1) metrics.replicaStreams(providerId, chosen.label, 1);
    let released = false;
    return {
      baseURL: chosen.baseURL,
      label: chosen.label,
      failed(reason) {
        chosen.health.failed();
        setUp(chosen, false);
        if (replicas.length > 1) metrics.replicaFailed(providerId, reason);
      },
      succeeded() {
        if (chosen.health.failures() > 0) setUp(chosen, true);
        chosen.health.succeeded();
      },
      release() {
        if (released) return;
        released = true;
        countOff();
        if (replicas.length > 1) metrics.replicaStreams(providerId, chosen.label, -1);
      },
    };
  }

  async function states(): Promise<ReplicaState[]> {
    const counts = await counter.counts(replicas.map((r) => r.key));
    return replicas.map((r, i) => ({
      baseURL: r.baseURL,
      label: r.label,
      activeStreams: counts[i] ?? 0,
      ejectedForMs: r.health.ejectedFor(),
    }));
  }

  return { acquire, states, size: replicas.length };
}
