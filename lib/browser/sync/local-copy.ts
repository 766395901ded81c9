/**
 * Names of a user's local copy: each signed-in user has their own IndexedDB database, meta stash
 * and tab channel, so the next person signing in on a shared computer never sees them. Open mode
 * (no sign-in) keeps the unowned names it always had. Every page reads these; clearing a copy and
 * the names only sign-out and the sync use are in clear-local-copy.ts (loaded with those parts).
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
