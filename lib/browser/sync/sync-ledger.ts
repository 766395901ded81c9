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

/** Reads and writes one user's ledger; memory only where `localStorage` is unavailable. */
export function createLedgerStore(storage: () => Storage | null, user: string) {
  let ledger: SyncLedger = { ...EMPTY };
  try {
    const raw = storage()?.getItem(ledgerKey(user));
    if (raw) ledger = { ...EMPTY, ...(JSON.parse(raw) as Partial<SyncLedger>) };
  } catch {
    // Unreadable: start over (a full sync rebuilds it).
  }
  return {
    get: () => ledger,
    update(change: (l: SyncLedger) => SyncLedger): void {
      ledger = change(ledger);
      try {
        storage()?.setItem(ledgerKey(user), JSON.stringify(ledger));
      } catch {
        // Full or blocked: kept in memory for this page.
      }
    },
  };
}

export type LedgerStore = ReturnType<typeof createLedgerStore>;
