import { clear, createStore } from 'idb-keyval';
import { localCopyNames } from './local-copy';

/*
 * What only a signed-in page's parts loaded on demand use of a user's local copy (sign-out, the
 * offer to move local chats, the sync ledger): apart from local-copy.ts, which every page loads
 * (docs/performance.md).
 */

/**
 * The storage key of `user`'s sync ledger (sync-ledger.ts), a name of their local copy too. It is
 * here, not in the ledger's module, so that clearing a copy does not bring the ledger's code.
 */
export const ledgerKey = (user: string) => `runnel:sync:${user}`;

/** What each of `user`'s tabs has not sent yet is under this prefix and the tab's id. */
export const tabMarksPrefix = (user: string) => `runnel:sync-tab:${user}:`;

/** Set at sign-out to the user signed out: the next signed-in page clears that copy for good. */
export const SIGNED_OUT_KEY = 'runnel:signed-out';

/** Empties a user's local copy (sign-out): their conversations, drafts and sync ledger. */
export async function clearLocalCopy(user: string): Promise<void> {
  const names = localCopyNames(user);
  try {
    await clear(createStore(names.database, 'kv'));
  } catch {
    // No database (never opened, or storage blocked): nothing to clear.
  }
  try {
    window.localStorage.removeItem(names.stash);
    window.localStorage.removeItem(ledgerKey(user));
    const marks = tabMarksPrefix(user);
    const keys = Array.from({ length: window.localStorage.length }, (_, i) =>
      window.localStorage.key(i),
    );
    for (const key of keys) {
      // A tab id is one name: a longer key under the prefix is another user's.
      if (key?.startsWith(marks) && !key.slice(marks.length).includes(':'))
        window.localStorage.removeItem(key);
    }
  } catch {
    // Storage blocked: nothing was kept there.
  }
}
