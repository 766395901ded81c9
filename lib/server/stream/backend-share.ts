import 'server-only';

import { processSingleton } from '../process-singleton';

/** One answer's time on a backend, held from its first request until it ends. */
export interface BackendTime {
  /**
   * Lets go of the backend and returns the answer's share of its time, in milliseconds: each
   * moment counts 1 ÷ the answers this process had on that backend then (two answers side by side
   * for 10 s get 5 s each). Later calls return the same figure.
   */
  end(): number;
}

export interface BackendShares {
  /** An answer started using `backend` (a provider id) now. */
  join(backend: string): BackendTime;
}

interface Member {
  shareMs: number;
}

interface Backend {
  members: Set<Member>;
  /** When the shares were last brought up to date. */
  since: number;
}

/**
 * Time-weighted concurrency per backend: whenever an answer joins or leaves, the time since the
 * last change is split evenly among the answers that were there. Exact for this process's own
 * answers (which is why it is used rather than the backend's sampled `/metrics` count: that is a
 * poll every few seconds, and counts other clients' requests too, which Runnel does not bill).
 */
export function createBackendShares(now: () => number): BackendShares {
  const backends = new Map<string, Backend>();

  function advance(b: Backend, t: number): void {
    const n = b.members.size;
    if (n > 0) {
      const each = (t - b.since) / n;
      for (const m of b.members) m.shareMs += each;
    }
    b.since = t;
  }

  return {
    join(backendId) {
      let b = backends.get(backendId);
      const t = now();
      if (!b) {
        b = { members: new Set(), since: t };
        backends.set(backendId, b);
      }
      const backend = b;
      advance(backend, t);
      const member: Member = { shareMs: 0 };
      backend.members.add(member);
      let ended: number | undefined;
      return {
        end() {
          if (ended !== undefined) return ended;
          advance(backend, now());
          backend.members.delete(member);
          if (backend.members.size === 0) backends.delete(backendId);
          ended = member.shareMs;
          return ended;
        },
      };
    },
  };
}

/** This process's shares, on the monotonic clock. */
export function backendShares(): BackendShares {
  return processSingleton('backend-shares', () => createBackendShares(() => performance.now()));
}
