import 'server-only';

import type { AnswerAccess, EntryFeed, LogEntry } from './types';

/** How a log asks for room in the instance's budget (local-answers.ts). */
export interface LogBudget {
  /** Takes `bytes` more for `log`; false when they cannot be had (the log then stops keeping). */
  reserve(log: AnswerLog, bytes: number): boolean;
  /** Gives back everything `log` holds. */
  release(log: AnswerLog): void;
}

/**
 * One answer's events in the memory of the instance that generates it: kept for replay, and handed
 * to every reader attached right now (the browser's own connection is one of them).
 */
export interface AnswerLog {
  readonly id: string;
  readonly access: AnswerAccess;
  /** Appends numbered entries in order; readers get them in the same call. */
  append(entries: readonly LogEntry[]): void;
  /** Room for `bytes` more in this answer and the instance's budget; false when there is none. */
  reserve(bytes: number): boolean;
  /** Stops keeping events (over budget): what was kept is freed, readers still get new ones. */
  stopKeeping(): void;
  /** Whether every event so far is kept (a reader can start anywhere). */
  kept(): boolean;
  /** Whether the terminal entry was appended. */
  finished(): boolean;
  /** Bytes kept. */
  bytes(): number;
  /** Replay, then live entries: the feed of this answer for one reader. */
  feed: EntryFeed;
  /** Readers attached now. */
  readers(): number;
  /** Called with the reader count whenever a reader attaches or leaves. */
  onReaders(listener: (count: number) => void): () => void;
  /** Calls `listener` with every batch appended from now on (a copy elsewhere; not a reader). */
  tap(listener: (entries: readonly LogEntry[]) => void): () => void;
  /** Asks whoever generates the answer to stop it (the stop endpoint). */
  requestStop(): void;
  onStop(listener: () => void): () => void;
}

/** Creates the log of answer `id`; `budget` bounds what it keeps. */
export function createAnswerLog(id: string, access: AnswerAccess, budget: LogBudget): AnswerLog {
  let entries: LogEntry[] = [];
  let bytes = 0;
  let keeping = true;
  let done = false;
  const followers = new Set<{ onEntries: (e: readonly LogEntry[]) => void; onEnd: () => void }>();
  const readerListeners = new Set<(count: number) => void>();
  const stopListeners = new Set<() => void>();
  const taps = new Set<(entries: readonly LogEntry[]) => void>();

  const notifyReaders = () => {
    for (const listener of [...readerListeners]) listener(followers.size);
  };

  const log: AnswerLog = {
    id,
    access,
    append(batch) {
      if (batch.length === 0) return;
      if (keeping) for (const entry of batch) entries.push(entry);
      if (batch.at(-1)!.terminal) done = true;
      for (const follower of [...followers]) {
        follower.onEntries(batch);
        if (done) follower.onEnd();
      }
      if (done) followers.clear();
      // Copies (Redis) after the readers here: they must not hold up the browser's own stream.
      for (const listener of taps) listener(batch);
    },
    reserve(n) {
      if (!keeping) return false;
      if (!budget.reserve(log, n)) return false;
      bytes += n;
      return true;
    },
    stopKeeping() {
      if (!keeping) return;
      keeping = false;
      entries = [];
      budget.release(log);
      bytes = 0;
    },
    kept: () => keeping,
    finished: () => done,
    bytes: () => bytes,
    feed(afterSeq, onEntries, onEnd) {
      // Replay and subscription happen in one synchronous step: nothing can be appended between
      // them, so a reader sees no gap and no duplicate.
      const replay = entries.filter((e) => e.seq > afterSeq);
      if (replay.length) onEntries(replay);
      if (done) {
        onEnd();
        return () => undefined;
      }
      const follower = { onEntries, onEnd };
      followers.add(follower);
      notifyReaders();
      return () => {
        if (followers.delete(follower)) notifyReaders();
      };
    },
    readers: () => followers.size,
    tap(listener) {
      taps.add(listener);
      return () => taps.delete(listener);
    },
    onReaders(listener) {
      readerListeners.add(listener);
      return () => readerListeners.delete(listener);
    },
    requestStop() {
      for (const listener of [...stopListeners]) listener();
    },
    onStop(listener) {
      stopListeners.add(listener);
      return () => stopListeners.delete(listener);
    },
  };
  return log;
}
