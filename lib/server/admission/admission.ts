import 'server-only';
import type { StreamError } from '../../protocol/events';
import { metrics } from '../metrics/metrics';
import type { BackendLoad } from '../providers/backend-load';
import type { GateStatus } from '../stream/stream-gate';
import { createServiceTimes, type ServiceTimes } from './service-times';
import type { Lease, Slots } from './slots';

export interface AdmissionRequest {
  /** The backend (provider id) whose slots are counted. */
  backend: string;
  /** Its `maxConcurrentStreams`; undefined = no admission control. */
  limit: number | undefined;
  /** Aborted when the browser goes away or stops: the waiter leaves the line at once. */
  signal: AbortSignal;
  /** Tells the browser where it stands (a `status` event). */
  status: (status: GateStatus) => void;
  /** The backend's own load, when its provider publishes it; told beside the place in line. */
  load?: () => Promise<BackendLoad | undefined>;
}

/** A slot at the backend, an `overloaded` error, or null when the browser left while waiting. */
export type AdmissionResult = { lease: Lease } | { error: StreamError } | null;

/**
 * Admission control per backend: at most `limit` streams at once; the others wait in a
 * first-come line (shared by every instance through Redis when configured), hearing their place,
 * about how long the wait will be (from how long recent answers held a slot) and, when the
 * backend publishes it, its own load — until `timeoutMs`, then the answer ends with `overloaded`.
 */
export function createAdmission(
  slots: Slots,
  timeoutMs: number,
  times: ServiceTimes = createServiceTimes(),
) {
  /** The lease, timed: how long it was held is what the next waiters' estimate is made of. */
  const timed = (backend: string, lease: Lease): Lease => {
    const since = performance.now();
    let given = false;
    return {
      release() {
        if (!given) times.add(backend, performance.now() - since);
        given = true;
        lease.release();
      },
    };
  };

  return {
    async enter(request: AdmissionRequest): Promise<AdmissionResult> {
      const { backend, limit } = request;
      if (!limit) return { lease: { release() {} } };
      const key = `backend:${backend}`;
      const now = await slots.tryTake(key, limit);
      if (now) return { lease: timed(backend, now) };
      metrics.admissionQueued(backend);
      const queuedAt = performance.now();
      let place = 0;
      /**
       * Tells the place with its estimate (read from memory or Redis: a moment), then again with
       * the backend's own load once its metrics answer — each only while the place still holds
       * (a newer place is told by its own call).
       */
      const tell = async (at: number) => {
        const eta = await times.estimateSeconds(backend, at, limit).catch(() => undefined);
        if (place !== at || request.signal.aborted) return;
        request.status(waitingStatus(at, eta));
        const load = await request.load?.().catch(() => undefined);
        if (load && place === at && !request.signal.aborted)
          request.status(waitingStatus(at, eta, load));
      };
      const result = await slots.wait(key, limit, {
        signal: request.signal,
        timeoutMs,
        onPosition: (ahead) => {
          place = ahead + 1;
          void tell(place);
        },
      });
      place = 0;
      const outcome =
        result === 'aborted' ? 'abandoned' : result === 'timeout' ? 'timeout' : 'admitted';
      metrics.admissionLeft(backend, performance.now() - queuedAt, outcome);
      if (result === 'aborted') return null;
      if (result === 'timeout') {
        return {
          error: {
            code: 'overloaded',
            message: `The backend is busy: no free slot within ${Math.round(timeoutMs / 1000)} s. Try again in a moment.`,
          },
        };
      }
      return { lease: timed(backend, result) };
    },
  };
}

/** "about 20 s", "about 3 min". */
function about(seconds: number): string {
  return seconds < 90 ? `about ${seconds} s` : `about ${Math.round(seconds / 60)} min`;
}

/**
 * "Waiting for a free slot — 2 ahead · about 20 s · GPU busy: 12 running, 4 waiting", with the
 * same figures as fields for clients that show their own.
 */
export function waitingStatus(position: number, etaS?: number, load?: BackendLoad): GateStatus {
  const ahead = position - 1;
  const words = [
    `Waiting for a free slot — ${ahead === 0 ? 'next in line' : `${ahead} ahead`}`,
    ...(etaS !== undefined ? [about(etaS)] : []),
    ...(load ? [`GPU busy: ${load.running} running, ${load.waiting} waiting`] : []),
  ];
  return {
    message: words.join(' · '),
    position,
    ...(etaS !== undefined ? { eta_s: etaS } : {}),
    ...(load ? { backend_running: load.running, backend_waiting: load.waiting } : {}),
  };
}
