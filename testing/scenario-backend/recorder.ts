/**
 * In-memory log of every request the backend received, with the timing and
 * outcome tests assert on (did the client really hang up, and when?).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { monotonicMs, nowMs } from './clock';

/** How a recorded request ended. */
export type Outcome = 'completed' | 'client_closed' | 'server_destroyed' | 'never_responded';

/** One recorded request. Timestamps are epoch milliseconds with fractions. */
export interface RequestRecord {
  id: number;
  provider: string;
  method: string;
  path: string;
  model: string | null;
  body: unknown;
  headers: IncomingHttpHeaders;
  receivedAt: number;
  /** When the SSE headers were flushed (streams only). */
  headersAt?: number;
  /** When the first body byte was written. */
  firstByteAt?: number;
  closedAt?: number;
  outcome?: Outcome;
  /** The same moments on the system-wide monotonic clock, for cross-process delays. */
  monotonic: { receivedAt: number; firstByteAt?: number; closedAt?: number };
}

/** Keeps records in arrival order; ids restart at 1 after `reset()`. */
export class Recorder {
  private records: RequestRecord[] = [];
  private nextId = 1;

  /** Creates and stores a record for a request that just arrived. */
  start(
    init: Omit<RequestRecord, 'id' | 'receivedAt' | 'monotonic'>,
    receivedAt: number = nowMs(),
  ): RequestRecord {
    const record: RequestRecord = {
      id: this.nextId++,
      ...init,
      receivedAt,
      monotonic: { receivedAt: monotonicMs() },
    };
    this.records.push(record);
    return record;
  }

  /** All records, optionally only those for one model id. */
  list(model?: string | null): RequestRecord[] {
    return model ? this.records.filter((r) => r.model === model) : [...this.records];
  }

  /** The most recent record, if any. */
  last(): RequestRecord | undefined {
    return this.records[this.records.length - 1];
  }

  /** Forgets everything. */
  reset(): void {
    this.records = [];
    this.nextId = 1;
  }
}

/** Sets closedAt/outcome once; later calls are ignored so the first cause wins. */
export function closeRecord(record: RequestRecord, outcome: Outcome): void {
  if (record.outcome !== undefined) return;
  record.closedAt = nowMs();
  record.monotonic.closedAt = monotonicMs();
  record.outcome = outcome;
}
