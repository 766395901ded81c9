import 'server-only';
import type { StreamError } from '../../protocol/events';
import type { Lease, Slots } from './slots';

export interface AdmissionRequest {
  /** The backend (provider id) whose slots are counted. */
  backend: string;
  /** Its `maxConcurrentStreams`; undefined = no admission control. */
  limit: number | undefined;
  /** Aborted when the browser goes away or stops: the waiter leaves the line at once. */
  signal: AbortSignal;
  /** Tells the browser where it stands (a `status` event). */
  status: (message: string) => void;
}

/** A slot at the backend, an `overloaded` error, or null when the browser left while waiting. */
export type AdmissionResult = { lease: Lease } | { error: StreamError } | null;

/**
 * Admission control per backend: at most `limit` streams at once; the others wait in a
 * first-come line (shared by every instance through Redis when configured), hearing how many are
 * ahead, until `timeoutMs` — then the answer ends with `overloaded`.
 */
export function createAdmission(slots: Slots, timeoutMs: number) {
  return {
    async enter(request: AdmissionRequest): Promise<AdmissionResult> {
      if (!request.limit) return { lease: { release() {} } };
      const key = `backend:${request.backend}`;
      const now = await slots.tryTake(key, request.limit);
      if (now) return { lease: now };
      const result = await slots.wait(key, request.limit, {
        signal: request.signal,
        timeoutMs,
        onPosition: (ahead) => request.status(waitingMessage(ahead)),
      });
      if (result === 'aborted') return null;
      if (result === 'timeout') {
        return {
          error: {
            code: 'overloaded',
            message: `The backend is busy: no free slot within ${Math.round(timeoutMs / 1000)} s. Try again in a moment.`,
          },
        };
      }
      return { lease: result };
    },
  };
}

/** "Waiting for a free slot — 2 ahead". */
export function waitingMessage(ahead: number): string {
  return `Waiting for a free slot — ${ahead === 0 ? 'next in line' : `${ahead} ahead`}`;
}
