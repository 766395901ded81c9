import 'server-only';

import type { Kysely } from 'kysely';
import type { AnswerRow, Tables } from '../database/tables';

/**
 * Writes (or rewrites) an answer's row and moves its conversation's `changed_at`, so a device
 * polling for changes fetches it again. One transaction: two statements, no read.
 */
export async function writeAnswer(db: Kysely<Tables>, row: AnswerRow): Promise<void> {
  await db.transaction().execute(async (tx) => {
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
    await tx
      .updateTable('conversations')
      .set({ changed_at: row.updated_at })
      .where('user_key', '=', row.user_key)
      .where('id', '=', row.conversation_id)
      .execute();
  });
}
