import 'server-only';

import { sql, type Kysely } from 'kysely';
import type { AnswerRow, Tables } from '../database/tables';
import { mergeAnswers } from './answer-merge';
import type { ConversationDoc } from './conversation-doc';

/** Conversations one batch may ask for. */
export const MAX_BATCH_IDS = 100;
/**
 * What one batch's documents may weigh together (attachments' data included): a conversation may
 * weigh 16 MiB, so a hundred of them are sent over several answers, never in one.
 */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;

/** A batch's answer: what was read, what is not there (deleted, or never this user's), what waits. */
export interface ConversationBatch {
  conversations: { conversation: ConversationDoc; revision: number }[];
  missing: string[];
  /** Asked for but left out to keep the answer under `MAX_BATCH_BYTES`: ask for them again. */
  rest: string[];
}

/** The user's live conversations of `ids`, with their documents. */
const live = (db: Kysely<Tables>, user: string, ids: readonly string[]) =>
  db
    .selectFrom('conversations')
    .innerJoin('conversation_docs', (join) =>
      join
        .onRef('conversation_docs.user_key', '=', 'conversations.user_key')
        .onRef('conversation_docs.id', '=', 'conversations.id'),
    )
    .where('conversations.user_key', '=', user)
    .where('conversations.id', 'in', ids)
    .where('conversations.deleted', '=', 0);

/**
 * Several of one user's live conversations at once, each with the answers the server wrote merged
 * in (as `GET /api/conversations/{id}` gives one): three queries for the whole batch, so a device's
 * first sync of N conversations takes about N / `MAX_BATCH_IDS` requests instead of N.
 */
export async function readBatch(
  db: Kysely<Tables>,
  user: string,
  ids: readonly string[],
  { checkpointMs, now = Date.now() }: { checkpointMs: number; now?: number },
): Promise<ConversationBatch> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return { conversations: [], missing: [], rest: [] };
  // Sizes first, documents after: only those that fit are read, so a batch of a hundred 16 MiB
  // conversations holds about 8 MiB, not 1.6 GiB, to answer with 8.
  const sizes = await live(db, user, wanted)
    .select(['conversations.id', sql<number>`length(conversation_docs.doc)`.as('bytes')])
    .execute();
  const sizeOf = new Map(sizes.map((row) => [row.id, Number(row.bytes)]));
  const fits: string[] = [];
  const rest: string[] = [];
  let bytes = 0;
  for (const id of wanted) {
    const size = sizeOf.get(id);
    if (size === undefined) continue;
    // Always one, however large: a conversation over the cap still reaches the browser alone.
    if (fits.length > 0 && bytes + size > MAX_BATCH_BYTES) rest.push(id);
    else {
      fits.push(id);
      bytes += size;
    }
  }
  const rows = fits.length
    ? await live(db, user, fits)
        .select(['conversations.id', 'conversation_docs.doc', 'conversations.revision'])
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Read in the order asked; one deleted between the two reads is missing.
  const taken = fits.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  const answers: AnswerRow[] = taken.length
    ? await db
        .selectFrom('answers')
        .selectAll()
        .where('user_key', '=', user)
        .where(
          'conversation_id',
          'in',
          taken.map((row) => row.id),
        )
        .execute()
    : [];
  const answersOf = new Map<string, AnswerRow[]>();
  for (const answer of answers) {
    const list = answersOf.get(answer.conversation_id);
    if (list) list.push(answer);
    else answersOf.set(answer.conversation_id, [answer]);
  }
  return {
    conversations: taken.map((row) => ({
      conversation: mergeAnswers(
        JSON.parse(row.doc) as ConversationDoc,
        answersOf.get(row.id) ?? [],
        {
          now,
          staleAfterMs: 3 * checkpointMs,
        },
      ),
      revision: row.revision,
    })),
    missing: wanted.filter((id) => !byId.has(id) && !rest.includes(id)),
    rest,
  };
}
