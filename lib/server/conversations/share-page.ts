import 'server-only';

import { getAuthConfig } from '../config/auth-config';
import { getConversationsConfig } from '../config/conversations-config';
import { database } from '../database/database';
import { readShare, type SharedConversation } from './share-store';

/**
 * The conversation a share page shows, or null (unknown, revoked, share links off, or no sign-in
 * configured, where nothing is kept on the server): the page is then a 404.
 */
export async function sharedConversation(token: string): Promise<SharedConversation | null> {
  if (getConversationsConfig().shareLinks === 'off' || !getAuthConfig().closed) return null;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return readShare(await database(), token);
}
