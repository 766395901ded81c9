import 'server-only';

import { createAnswerLog, type AnswerLog } from './answer-log';
import type { AnswerAccess } from './types';

export interface LocalAnswersOptions {
  /** Everything kept together (`RESUME_MAX_BYTES`). */
  maxBytes: number;
  /** What one answer may keep. */
  maxAnswerBytes: number;
  /** How long a finished answer stays readable (`RESUME_TTL_S`). */
  ttlMs: number;
  setTimeout?: (cb: () => void, ms: number) => { unref?: () => void };
  /** Called when an answer is forgotten (evicted, expired, or ended without being kept). */
  onForget?: (id: string) => void;
}

/** The answers this instance generates, with what they keep bounded in bytes. */
export interface LocalAnswers {
  /** A new answer's log. */
  create(id: string, access: AnswerAccess): AnswerLog;
  get(id: string): AnswerLog | undefined;
  /**
   * The answer's generation is over (terminal appended, or given up): it stays readable for the
   * TTL when it is complete and kept, and is forgotten at once otherwise.
   */
  settle(id: string): void;
  /** Bytes kept by every answer together. */
  usedBytes(): number;
}

/**
 * This instance's answers. The total is bounded: when an answer needs room, finished answers are
 * evicted first, oldest first; when that is not enough — or the answer is over its own cap — the
 * answer stops being kept (it still streams to whoever reads it, see resumable-sink.ts).
 */
export function createLocalAnswers(options: LocalAnswersOptions): LocalAnswers {
  const logs = new Map<string, AnswerLog>();
  /** Finished answers in the order they finished: the eviction order. */
  const finished = new Set<string>();
  let used = 0;
  const schedule = options.setTimeout ?? setTimeout;

  function forget(id: string): void {
    const log = logs.get(id);
    if (!log) return;
    logs.delete(id);
    finished.delete(id);
    used -= log.bytes();
    options.onForget?.(id);
  }

  const budget = {
    reserve(log: AnswerLog, bytes: number): boolean {
      if (log.bytes() + bytes > options.maxAnswerBytes) return false;
      for (const id of finished) {
        if (used + bytes <= options.maxBytes) break;
        forget(id);
      }
      if (used + bytes > options.maxBytes) return false;
      used += bytes;
      return true;
    },
    release(log: AnswerLog): void {
      used -= log.bytes();
    },
  };

  return {
    create(id, access) {
      const log = createAnswerLog(id, access, budget);
      logs.set(id, log);
      return log;
    },
    get: (id) => logs.get(id),
    settle(id) {
      const log = logs.get(id);
      if (!log || finished.has(id)) return;
      if (!log.kept() || !log.finished()) {
        forget(id);
        return;
      }
      finished.add(id);
      // Timers must not keep a draining process alive.
      schedule(() => forget(id), options.ttlMs).unref?.();
    },
    usedBytes: () => used,
  };
}
