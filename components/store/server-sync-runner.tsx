'use client';

import type { ServerSyncHandle } from './server-sync-context';
import { useServerSync } from './use-server-sync';

/** Keeps the signed-in user's conversations in step with the server while the page is open. */
export function ServerSyncRunner({ handle }: { handle: ServerSyncHandle }) {
  useServerSync(handle);
  return null;
}
