import 'server-only';

import type { Kysely } from 'kysely';
import type { AnswerRow, Tables } from '../database/tables';

/**
 * Writes (or rewrites) an answer's row and moves its conversation's `changed_at`, so a device
 * polling for changes fetches it again. A conversation not on the server yet (its first write is
 * still on its way) gets its answer's row all the same; a deleted one does not: an answer still
 * streaming when its conversation was deleted would otherwise write back a row that nothing reads
 * and nothing removes. The conversation's row is updated first, which holds it until the answer is
 * written, so a deletion runs before or after the whole of it.
 */
export async function writeAnswer(db: Kysely<Tables>, row: AnswerRow): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const live = await tx
      .updateTable('conversations')
      .set({ changed_at: row.updated_at })
      .where('user_key', '=', row.user_key)
      .where('id', '=', row.conversation_id)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!Number(live.numUpdatedRows)) {
      const deleted = await tx
        .selectFrom('conversations')
        .select('id')
        .where('user_key', '=', row.user_key)
        .where('id', '=', row.conversation_id)
        .where('deleted', '=', 1)
        .executeTakeFirst();
      if (deleted) return;
    }
    await tx
      .insertInto('answers')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_key', 'conversation_id', 'message_id']).doUpdateSet({
          content: row.content,
          reasoning: row.reasoning,
          status: row.status,
          usage: row.usage,
          finish_reason: row.finish_reason,
          error: row.error,
          last_seq: row.last_seq,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  });
}
