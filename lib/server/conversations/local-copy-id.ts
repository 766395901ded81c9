import 'server-only';

import { createHash } from 'node:crypto';
import type { Identity } from '../auth/identity';
import { getAuthConfig } from '../config/auth-config';

/**
 * The name of a signed-in user's local copy in the browser (its IndexedDB database), or null where
 * conversations are not kept on the server (open mode). A hash: the browser needs a stable name
 * per user, not who they are.
 */
export function localCopyId(identity: Identity | null): string | null {
  if (identity?.kind !== 'user' || !getAuthConfig().closed) return null;
  return createHash('sha256')
    .update(`runnel local copy\n${identity.key}`)
    .digest('hex')
    .slice(0, 24);
}
