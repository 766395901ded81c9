import 'server-only';

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../database/tables';
import type { ConversationDoc } from './conversation-doc';

/** What a shared page shows of one message: its text, nothing about how it was made. */
export interface SharedMessage {
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
}

export interface SharedConversation {
  title: string;
  createdAt: number;
  messages: SharedMessage[];
}

/** A share link as its owner sees it in the conversation's menu. */
export interface ShareLink {
  token: string;
  createdAt: number;
}

/**
 * Live links one conversation may have: each holds a copy of its text (up to the 16 MiB a
 * conversation may weigh), so links made in a loop would fill the database.
 */
export const MAX_SHARES = 20;

/** 32 random bytes (256 bits), base64url: the token is the capability, so it is never guessable. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The shown path's text only: no usage, tokens, request ids, resume tokens or attachments' data. */
export function snapshotOf(doc: ConversationDoc): SharedMessage[] {
  return doc.messages.map((m) => {
    const reasoning = typeof m.reasoning === 'string' && m.reasoning ? m.reasoning : undefined;
    return { role: m.role, content: m.content, ...(reasoning ? { reasoning } : {}) };
  });
}

/** Share links of one user's conversations. */
export function shareStore(db: Kysely<Tables>, user: string) {
  return {
    /**
     * A new link; null when the conversation has `MAX_SHARES` already, `gone` when it was deleted
     * since `doc` was read.
     */
    create(conversationId: string, doc: ConversationDoc, now = Date.now()) {
      return db.transaction().execute(async (tx) => {
        // The live conversation's row, locked (its one change, to itself) until the link is in:
        // a deletion waits and then deletes the link too, or came first and there is none to make;
        // two links made at once are counted one after the other.
        const live = await tx
          .updateTable('conversations')
          .set((eb) => ({ changed_at: eb.ref('changed_at') }))
          .where('user_key', '=', user)
          .where('id', '=', conversationId)
          .where('deleted', '=', 0)
          .executeTakeFirst();
        if (!Number(live.numUpdatedRows)) return 'gone' as const;
        const { n } = await tx
          .selectFrom('shares')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_key', '=', user)
          .where('conversation_id', '=', conversationId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= MAX_SHARES) return null;
        const token = newShareToken();
        await tx
          .insertInto('shares')
          .values({
            token,
            user_key: user,
            conversation_id: conversationId,
            title: doc.title,
            snapshot: JSON.stringify(snapshotOf(doc)),
            created_at: now,
            revoked: 0,
          })
          .execute();
        return { token, createdAt: now };
      });
    },
    async list(conversationId: string): Promise<ShareLink[]> {
      const rows = await db
        .selectFrom('shares')
        .select(['token', 'created_at'])
        .where('user_key', '=', user)
        .where('conversation_id', '=', conversationId)
        .where('revoked', '=', 0)
        .orderBy('created_at', 'desc')
        .limit(MAX_SHARES)
        .execute();
      return rows.map((r) => ({ token: r.token, createdAt: Number(r.created_at) }));
    },
    /**
     * Deletes the link, its snapshot with it (a revoked link keeps nothing of the conversation).
     * False when the user has no such link on that conversation.
     */
    async revoke(conversationId: string, token: string): Promise<boolean> {
      const result = await db
        .deleteFrom('shares')
        .where('user_key', '=', user)
        .where('conversation_id', '=', conversationId)
        .where('token', '=', token)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** The snapshot a live token shows, or null (unknown or revoked: the same 404). */
export async function readShare(
  db: Kysely<Tables>,
  token: string,
): Promise<SharedConversation | null> {
  const row = await db
    .selectFrom('shares')
    .select(['title', 'snapshot', 'created_at'])
    .where('token', '=', token)
    .where('revoked', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  return {
    title: row.title,
    createdAt: Number(row.created_at),
    messages: JSON.parse(row.snapshot) as SharedMessage[],
  };
}
