import { ledgerKey, tabMarksPrefix } from './clear-local-copy';

/**
 * What a browser knows of the server's copy, kept per user in `localStorage` (small, synchronous,
 * survives a reload and an offline spell): where the last sync ended, the revision each
 * conversation's local copy is based on, and what was changed or deleted here and not sent yet.
 */
export interface SyncLedger {
  since: number;
  revisions: Record<string, number>;
  /** When each known conversation last changed on the server (to skip re-reading it). */
  changedAt: Record<string, number>;
  /** What this tab changed and has not sent yet. */
  dirty: string[];
  /** What this tab deleted and has not deleted on the server yet. */
  deleted: string[];
  /** True once a full sync ran: local conversations the server does not know are then sent. */
  primed: boolean;
}

/** A tab's unsent marks, stored under a key of its own. */
type Marks = Pick<SyncLedger, 'dirty' | 'deleted'>;
/** What the user's tabs share: everything but the marks. */
type Shared = Omit<SyncLedger, keyof Marks>;

const EMPTY_SHARED: Shared = { since: 0, revisions: {}, changedAt: {}, primed: false };

/** This tab, and which of the user's tabs are open. */
export interface TabPresence {
  id: string;
  /** The ids of the open tabs, or null where the browser cannot tell. */
  openTabs(): Promise<Set<string> | null>;
}

const TAB_LOCK = 'runnel:tab:';

/**
 * This tab, known to the others by a Web Lock it holds while it is open: the browser releases it
 * when the tab goes away, however it goes (closed, crashed, discarded). It is let go on `pagehide`
 * and taken again when the page comes back from the back/forward cache: Chromium drops a cached
 * page that holds a lock as soon as another tab asks which locks are held, as every sync does (a
 * page away may then be taken for gone, and one of its changes sent twice: a merge, not a loss).
 */
export function webTabPresence(): TabPresence {
  const id = crypto.randomUUID();
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return { id, openTabs: async () => null };
  let release: (() => void) | null = null;
  // As run-locks.ts holds an answer's lock; not shared with it, which made the page's first load
  // 0.04 KB larger (an export across chunks) and over its budget.
  const hold = () => {
    if (release) return;
    const held = new Promise<void>((resolve) => (release = resolve));
    locks.request(TAB_LOCK + id, () => held).catch(() => undefined);
  };
  hold();
  window.addEventListener('pagehide', () => {
    release?.();
    release = null;
  });
  window.addEventListener('pageshow', (e) => e.persisted && hold());
  return {
    id,
    async openTabs() {
      const { held = [] } = await locks.query();
      return new Set(
        held.flatMap((l) => (l.name?.startsWith(TAB_LOCK) ? [l.name.slice(TAB_LOCK.length)] : [])),
      );
    },
  };
}

function parse<T extends object>(raw: string | null | undefined, empty: T): T {
  if (!raw) return { ...empty };
  try {
    return { ...empty, ...(JSON.parse(raw) as Partial<T>) };
  } catch {
    // Unreadable: start over (a full sync rebuilds what is shared).
    return { ...empty };
  }
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * Reads and writes one user's ledger; memory only where `localStorage` is unavailable.
 *
 * A user's tabs share what they know of the server (revisions, where the last sync ended): each
 * read starts from what is stored now, and each change is read, applied and written in one
 * synchronous step, so that a tab rarely puts back an older copy over another's (another tab's
 * write may reach this one a moment late; an older revision costs a conflict and a merge, not a
 * change). What waits to be sent is each tab's own, under a key of its own: a tab sends what it
 * marked (not what another tab is still streaming), and its write clears only its own mark. A tab
 * that went away with marks left (an offline edit, then the tab closed) leaves them to the next
 * tab's sync, which takes them over (`adoptOrphans`).
 */
export function createLedgerStore(storage: () => Storage | null, user: string, tab: TabPresence) {
  const sharedKey = ledgerKey(user);
  const prefix = tabMarksPrefix(user);
  const marksKey = prefix + tab.id;
  const store = () => {
    try {
      return storage();
    } catch {
      return null;
    }
  };
  const read = (key: string): string | null => {
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  let marks: Marks = parse(read(marksKey), { dirty: [], deleted: [] });
  /** The stored text this tab's shared copy came from (`undefined`: none read yet). */
  let seen: string | null | undefined;
  let shared: Shared = { ...EMPTY_SHARED };
  /** Marks found in the shared copy, kept there before tabs had their own (taken over once). */
  let legacy: Partial<Marks> | null = null;
  /** Where storing fails, this tab goes on with its own copy. */
  let memoryOnly = false;
  let adoptedOnce = false;

  const readShared = (): Shared => {
    if (memoryOnly) return shared;
    let stored: string | null;
    try {
      const s = store();
      if (!s) return shared;
      stored = s.getItem(sharedKey);
    } catch {
      return shared;
    }
    if (stored !== seen) {
      seen = stored;
      const { dirty, deleted, ...rest } = parse<Shared & Partial<Marks>>(stored, EMPTY_SHARED);
      shared = rest;
      legacy = dirty?.length || deleted?.length ? { dirty, deleted } : null;
    }
    return shared;
  };
  const write = (key: string, text: string | null): boolean => {
    try {
      const s = store();
      if (!s) return false;
      if (text === null) s.removeItem(key);
      else s.setItem(key, text);
      return true;
    } catch {
      // Full or blocked: kept in memory for this page.
      return false;
    }
  };
  const writeMarks = () =>
    write(marksKey, marks.dirty.length + marks.deleted.length > 0 ? JSON.stringify(marks) : null);
  /** The other tabs' stored marks, by their keys. */
  const othersMarks = (): [string, Marks][] => {
    const s = store();
    if (!s) return [];
    const found: [string, Marks][] = [];
    try {
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        // A tab id is one name: a longer key under the prefix is another user's.
        if (!key?.startsWith(prefix) || key === marksKey) continue;
        if (key.slice(prefix.length).includes(':')) continue;
        found.push([key, parse(s.getItem(key), { dirty: [], deleted: [] })]);
      }
    } catch {
      // Blocked: no other tab's marks can be read.
    }
    return found;
  };

  return {
    get: (): SyncLedger => ({ ...readShared(), ...marks }),
    update(change: (l: SyncLedger) => SyncLedger): void {
      const before = readShared();
      const { dirty, deleted, ...after } = change({ ...before, ...marks });
      if (dirty !== marks.dirty || deleted !== marks.deleted) {
        marks = { dirty, deleted };
        writeMarks();
      }
      // A change of this tab's marks alone (a streaming answer's saves) writes nothing shared.
      const keys = Object.keys(after) as (keyof Shared)[];
      if (keys.every((k) => after[k] === before[k])) return;
      shared = after;
      if (memoryOnly) return;
      const text = JSON.stringify(after);
      if (write(sharedKey, text)) seen = text;
      else memoryOnly = true;
    },
    /** Every tab's unsent changes (this one's, the other tabs', and those left by tabs gone). */
    waiting(): Set<string> {
      return new Set([...marks.dirty, ...othersMarks().flatMap(([, m]) => m.dirty)]);
    },
    /**
     * Takes over the marks of tabs that went away, and those of a ledger kept before tabs had
     * marks of their own. Where the browser cannot tell which tabs are open, a tab takes over every
     * other tab's marks once, at its first sync (a tab still open may then send one change twice;
     * the server's revisions make the second a merge, not a loss), so the marks of a tab closed
     * later wait for the next page opened.
     */
    async adoptOrphans(): Promise<void> {
      const first = !adoptedOnce;
      adoptedOnce = true;
      readShared();
      if (othersMarks().length === 0 && !legacy) return;
      const open = await tab.openTabs();
      // Read again after the wait, and taken over in one synchronous step: a mark written
      // meanwhile is either taken with the rest or left where it is.
      const gone = othersMarks().filter(([key]) =>
        open ? !open.has(key.slice(prefix.length)) : first,
      );
      readShared();
      const old = legacy;
      const all = [...gone.map(([, m]) => m), ...(old ? [old] : [])];
      if (all.length === 0) return;
      marks = all.reduce<Marks>(
        (sum, m) => ({
          dirty: union(sum.dirty, m.dirty ?? []),
          deleted: union(sum.deleted, m.deleted ?? []),
        }),
        marks,
      );
      // Written before the orphans' keys go: a page closed in between loses none.
      writeMarks();
      for (const [key] of gone) write(key, null);
      if (old && !memoryOnly) {
        const text = JSON.stringify(shared);
        if (write(sharedKey, text)) [seen, legacy] = [text, null];
      }
    },
  };
}

export type LedgerStore = ReturnType<typeof createLedgerStore>;
