import 'server-only';

import { jsonError } from '../http/json-error';
import type { ConversationsContext } from './conversations-gate';
import { json, notFound } from './http';
import { MAX_SHARES, shareStore } from './share-store';

const sharesOff = () =>
  jsonError({ status: 404, code: 'shares_off', message: 'Share links are switched off here.' });

/** `POST /api/conversations/{id}/shares`: a read-only snapshot of the conversation as it is now. */
export async function createShare(id: string, { store, db, user, config }: ConversationsContext) {
  if (config.shareLinks === 'off') return sharesOff();
  const found = await store.get(id, config.checkpointMs);
  if (!found) return notFound();
  const link = await shareStore(db, user).create(id, found.conversation);
  if (link === 'gone') return notFound();
  if (!link)
    return jsonError({
      status: 409,
      code: 'too_many_shares',
      message: `This conversation has ${MAX_SHARES} share links already; revoke one first.`,
    });
  return json({ ...link, path: `/s/${link.token}` }, 201);
}

/** `GET /api/conversations/{id}/shares`: the conversation's live links, for its menu. */
export async function listShares(id: string, { store, db, user, config }: ConversationsContext) {
  if (config.shareLinks === 'off') return sharesOff();
  if (!(await store.has(id))) return notFound();
  const links = await shareStore(db, user).list(id);
  return json({ shares: links.map((l) => ({ ...l, path: `/s/${l.token}` })) });
}

/** `DELETE /api/conversations/{id}/shares/{token}`: the link answers 404 from now on. */
export async function revokeShare(id: string, token: string, context: ConversationsContext) {
  const { db, user } = context;
  return (await shareStore(db, user).revoke(id, token))
    ? new Response(null, { status: 204 })
    : notFound();
}
