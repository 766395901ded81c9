import { clear, createStore } from 'idb-keyval';

/**
 * Names of a user's local copy: each signed-in user has their own IndexedDB database, meta stash
 * and tab channel, so the next person signing in on a shared computer never sees them. Open mode
 * (no sign-in) keeps the unowned names it always had.
 */
export function localCopyNames(user: string | null) {
  return user
    ? {
        database: `runnel-user-${user}`,
        stash: `runnel:meta-stash:${user}`,
        channel: `runnel:conversations:${user}`,
      }
    : { database: 'runnel', stash: 'runnel:meta-stash', channel: 'runnel:conversations' };
}

/**
 * The storage key of `user`'s sync ledger (sync-ledger.ts), a name of their local copy too. It is
 * here so that the names every page needs do not bring the ledger's code, which only a signed-in
 * page's sync runs.
 */
export const ledgerKey = (user: string) => `runnel:sync:${user}`;

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
  } catch {
    // Storage blocked: nothing was kept there.
  }
}
