import 'server-only';

import type { LogEntry } from './types';

/** Where one answer lives in Redis. */
export interface AnswerKeys {
  /** Hash: `tokenHash`, `binding?`. */
  info: string;
  /** Stream: one entry per event, id `0-<seq>`, fields `d` (the JSON) and `t` (`1`: terminal). */
  events: string;
  /** Set while an instance generates the answer; expires when it stops renewing (it died). */
  lease: string;
  /** Set while a reader on some instance follows the answer; expires a grace period after. */
  present: string;
  /** Set by a stop request (for a generator that missed the published one). */
  stop: string;
}

/** Key prefix of every resume key, and the channel stop requests are published on. */
export const RESUME_PREFIX = 'runnel:resume:';
export const STOP_CHANNEL = `${RESUME_PREFIX}stop`;

/** The keys of answer `id`. */
export function answerKeys(id: string, prefix = RESUME_PREFIX): AnswerKeys {
  const base = `${prefix}${id}:`;
  return {
    info: `${base}info`,
    events: `${base}events`,
    lease: `${base}lease`,
    present: `${base}present`,
    stop: `${base}stop`,
  };
}

/**
 * An entry's stream id. Explicit ids make `Last-Event-ID` the stream cursor, and make "append this
 * entry unless another one took its place" one atomic XADD (Redis refuses an id that is not
 * greater than the last).
 */
export function streamId(seq: number): string {
  return `0-${seq}`;
}

/** The fields of an entry as XADD takes them. */
export function entryFields(entry: LogEntry): string[] {
  return entry.terminal ? ['d', entry.data, 't', '1'] : ['d', entry.data];
}

/** An entry back from XREAD (`[id, [field, value, …]]`). */
export function parseEntry([id, fields]: [string, string[]]): LogEntry {
  let data = '';
  let terminal = false;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'd') data = fields[i + 1]!;
    else if (fields[i] === 't') terminal = fields[i + 1] === '1';
  }
  return { seq: Number(id.slice(id.indexOf('-') + 1)), data, terminal };
}
