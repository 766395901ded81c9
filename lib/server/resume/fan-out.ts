import 'server-only';

import type { EntryFeed, LogEntry } from './types';

/**
 * One feed per answer on this instance, shared by all its readers here: each reader of an answer
 * generated elsewhere used to open its own blocking Redis connection (150 readers, 154 clients).
 * The first reader starts one follow of the whole answer (from its first entry, so any later
 * reader's replay is served from what it already read); every reader gets the entries after its
 * own position, then the live ones; the last reader to leave stops the follow and drops what it
 * kept. What is kept is one answer's events, already bounded where the answer is generated.
 */
export function createFanOut(source: (id: string) => EntryFeed) {
  const shared = new Map<string, EntryFeed>();
  return {
    feed(id: string): EntryFeed {
      let feed = shared.get(id);
      if (!feed) {
        feed = fanOut(source(id), () => shared.delete(id));
        shared.set(id, feed);
      }
      return feed;
    },
    /** Answers followed now (one upstream follow each). */
    following: () => shared.size,
  };
}

interface Reader {
  /** The last entry this reader has: it is given only what comes after. */
  last: number;
  onEntries: (entries: readonly LogEntry[]) => void;
  onEnd: () => void;
}

function deliver(reader: Reader, batch: readonly LogEntry[]): void {
  const fresh = batch.filter((e) => e.seq > reader.last);
  if (!fresh.length) return;
  reader.last = fresh.at(-1)!.seq;
  reader.onEntries(fresh);
}

function fanOut(source: EntryFeed, onIdle: () => void): EntryFeed {
  const readers = new Set<Reader>();
  let entries: LogEntry[] = [];
  let ended = false;
  let stopSource: (() => void) | undefined;

  const close = () => {
    stopSource?.();
    stopSource = undefined;
    entries = [];
    onIdle();
  };

  return (afterSeq, onEntries, onEnd) => {
    if (ended) {
      onEntries(entries.filter((e) => e.seq > afterSeq));
      onEnd();
      return () => undefined;
    }
    const reader: Reader = { last: afterSeq, onEntries, onEnd };
    deliver(reader, entries);
    readers.add(reader);
    stopSource ??= source(
      0,
      (batch) => {
        entries.push(...batch);
        for (const r of [...readers]) deliver(r, batch);
      },
      () => {
        ended = true;
        const all = [...readers];
        readers.clear();
        for (const r of all) r.onEnd();
        close();
      },
    );
    return () => {
      if (!readers.delete(reader)) return;
      if (readers.size === 0 && !ended) close();
    };
  };
}
