import { ledgerKey } from './clear-local-copy';

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
  dirty: string[];
  deleted: string[];
  /** True once a full sync ran: local conversations the server does not know are then sent. */
  primed: boolean;
}

const EMPTY: SyncLedger = {
  since: 0,
  revisions: {},
  changedAt: {},
  dirty: [],
  deleted: [],
  primed: false,
};

const parse = (raw: string | null): SyncLedger => {
  if (raw === null) return { ...EMPTY };
  try {
    return { ...EMPTY, ...(JSON.parse(raw) as Partial<SyncLedger>) };
  } catch {
    // Unreadable: start over (a full sync rebuilds it).
    return { ...EMPTY };
  }
};

/**
 * Reads and writes one user's ledger; memory only where `localStorage` is unavailable.
 *
 * Every tab of the user shares the one stored ledger, so each read and each change starts from
 * what is stored now, not from this tab's last copy: a tab that wrote back its own copy would
 * drop what another tab marked since (an offline edit made there, its tab then closed, would
 * never be sent) and put back revisions older than the ones another tab's writes got, or a
 * ledger cleared at sign-out. A change is read, applied and written in one synchronous step.
 * Where storing fails (full, blocked), this tab's copy is kept and used until storage changes.
 */
export function createLedgerStore(storage: () => Storage | null, user: string) {
  const key = ledgerKey(user);
  /** The stored text this tab's copy came from or was written as (null: nothing stored). */
  let seen: string | null = null;
  let ledger: SyncLedger = { ...EMPTY };
  const current = (): SyncLedger => {
    let stored: string | null;
    try {
      const s = storage();
      if (!s) return ledger;
      stored = s.getItem(key);
    } catch {
      return ledger;
    }
    if (stored !== seen) {
      seen = stored;
      ledger = parse(stored);
    }
    return ledger;
  };
  return {
    get: current,
    update(change: (l: SyncLedger) => SyncLedger): void {
      ledger = change(current());
      const text = JSON.stringify(ledger);
      try {
        storage()?.setItem(key, text);
        seen = text;
      } catch {
        // Full or blocked: kept in memory for this page.
      }
    },
  };
}

export type LedgerStore = ReturnType<typeof createLedgerStore>;
