import 'server-only';

import { z } from 'zod';
import { MAX_BATCH_IDS } from './conversation-batch';
import { conversationDocSchema } from './conversation-doc';
import type { ConversationStore } from './conversation-store';
import { jsonError } from '../http/json-error';
import { json, notFound, readBody } from './http';

/** The most one conversation may weigh (its attachments' data included). */
export const MAX_CONVERSATION_BYTES = 16 * 1024 * 1024;
/** The most one import may weigh. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** Conversations per list page unless asked otherwise, and at most. */
const PAGE = 50;
const MAX_PAGE = 200;
/** How far before this instance's clock a sync is told to ask from next time. */
const CHANGES_MARGIN_MS = 10_000;
/** Lines of a sync's page of changes (narrow rows: ids, revisions, times). */
const MAX_CHANGES = 1000;

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  since: z.coerce.number().int().min(0).optional(),
});

const putBody = z
  .object({
    conversation: conversationDocSchema,
    base_revision: z.number().int().min(0).optional(),
  })
  .strict();

const patchBody = z
  .object({ title: z.string().trim().min(1).max(500).optional(), pinned: z.boolean().optional() })
  .strict()
  .refine((b) => b.title !== undefined || b.pinned !== undefined, 'send `title` or `pinned`');

const batchBody = z
  .object({ ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_BATCH_IDS) })
  .strict();

const importBody = z.object({ conversations: z.array(conversationDocSchema).max(10_000) }).strict();

/**
 * `GET /api/conversations`: the list (`q` searches, `cursor` pages), or with `since` the changes
 * since that server time — deletions included — for a device catching up, with `now` to ask from
 * next time (and `next`, a cursor for the rest, when there are more than a page).
 */
export async function listConversations(request: Request, store: ConversationStore) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = listQuery.safeParse(params);
  if (!query.success) {
    const issue = query.error.issues[0];
    const param = String(issue?.path[0] ?? '');
    return jsonError({
      status: 400,
      code: 'invalid_request',
      message: `${param ? `${param}: ` : ''}${issue?.message ?? 'bad list parameters'}`,
      ...(param ? { param } : {}),
    });
  }
  const { q, cursor, limit, since } = query.data;
  if (since !== undefined) {
    // A change is timed when its write starts, on the clock of the instance that wrote it: asking
    // next time from a little earlier sees one that committed late or came from a clock behind
    // this one (what is seen twice is skipped by its revision).
    const now = Date.now() - CHANGES_MARGIN_MS;
    return json({ ...(await store.changes(since, MAX_CHANGES, cursor)), now });
  }
  return json(
    await store.list({
      limit: limit ?? PAGE,
      ...(q ? { query: q } : {}),
      ...(cursor ? { cursor } : {}),
    }),
  );
}

/** `GET /api/conversations/{id}`: the conversation with the answers the server wrote. */
export async function getConversation(id: string, store: ConversationStore, checkpointMs: number) {
  const found = await store.get(id, checkpointMs);
  return found ? json(found) : notFound();
}

/**
 * `POST /api/conversations/batch`: up to `MAX_BATCH_IDS` conversations in one answer (a device
 * catching up reads what changed this way, not one request each); ids not found are `missing`,
 * ids left out to keep the answer's size bounded are `rest`.
 */
export async function batchConversations(
  request: Request,
  store: ConversationStore,
  checkpointMs: number,
) {
  const body = await readBody(request, batchBody, 64 * 1024);
  if (!body.ok) return body.response;
  return json(await store.getMany(body.value.ids, checkpointMs));
}

/**
 * `PUT /api/conversations/{id}`: writes the browser's copy over `base_revision` (absent: a new
 * conversation). 409 with the current revision when someone wrote since: the browser merges both
 * (keeping every message, two answers as two versions) and writes again.
 */
export async function putConversation(id: string, request: Request, store: ConversationStore) {
  const body = await readBody(request, putBody, MAX_CONVERSATION_BYTES);
  if (!body.ok) return body.response;
  const { conversation, base_revision } = body.value;
  if (conversation.id !== id)
    return json({ error: { code: 'invalid_request', message: 'The id does not match.' } }, 400);
  const result = await store.put(conversation, base_revision);
  if (result.ok) return json({ revision: result.revision });
  if (result.current.deleted) return notFound();
  return json(
    {
      error: { code: 'conflict', message: 'Changed elsewhere since; merge and write again.' },
      revision: result.current.revision,
    },
    409,
  );
}

/** `PATCH /api/conversations/{id}`: rename and/or pin. */
export async function patchConversation(id: string, request: Request, store: ConversationStore) {
  const body = await readBody(request, patchBody, 4096);
  if (!body.ok) return body.response;
  const changed = await store.patch(id, body.value);
  return changed ? json(changed) : notFound();
}

/** `DELETE /api/conversations/{id}`: its messages, answers and share links go. */
export async function deleteConversation(id: string, store: ConversationStore) {
  return (await store.remove(id)) ? new Response(null, { status: 204 }) : notFound();
}

/**
 * `POST /api/conversations/import`: conversations from a file or from this browser's local copy;
 * one whose id the user already has is skipped (the browser merges those through PUT).
 */
export async function importConversations(request: Request, store: ConversationStore) {
  const body = await readBody(request, importBody, MAX_IMPORT_BYTES);
  if (!body.ok) return body.response;
  const imported: string[] = [];
  const skipped: string[] = [];
  for (const conversation of body.value.conversations) {
    const result = await store.put(conversation, undefined);
    (result.ok ? imported : skipped).push(conversation.id);
  }
  return json({ imported, skipped });
}
