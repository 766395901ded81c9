import 'server-only';

import type { Kysely } from 'kysely';
import type { Tables } from '../database/tables';
import { mergeAnswers } from './answer-merge';
import { searchText, type ConversationDoc } from './conversation-doc';
import { readBatch } from './conversation-batch';
import { conversationList } from './conversation-list';

export type PutResult =
  { ok: true; revision: number } | { ok: false; current: { revision: number; deleted: boolean } };

/** A rename or pin that met a write landing between its read and its own write: it tries again. */
const RACED = Symbol('raced');

/** A live conversation's document and revision, or undefined. */
async function readDoc(db: Kysely<Tables>, user: string, id: string) {
  const row = await db
    .selectFrom('conversations')
    .innerJoin('conversation_docs', (join) =>
      join
        .onRef('conversation_docs.user_key', '=', 'conversations.user_key')
        .onRef('conversation_docs.id', '=', 'conversations.id'),
    )
    .select(['conversation_docs.doc', 'conversations.revision'])
    .where('conversations.user_key', '=', user)
    .where('conversations.id', '=', id)
    .where('conversations.deleted', '=', 0)
    .executeTakeFirst();
  return row && { doc: JSON.parse(row.doc) as ConversationDoc, revision: row.revision };
}

/** Writes a conversation's document (in the caller's transaction). */
async function writeDoc(db: Kysely<Tables>, user: string, id: string, doc: string) {
  await db
    .insertInto('conversation_docs')
    .values({ user_key: user, id, doc })
    .onConflict((oc) => oc.columns(['user_key', 'id']).doUpdateSet({ doc }))
    .execute();
}

/**
 * One user's conversations in the database. Every function takes the user's key and touches that
 * user's rows only: another user's conversation id is simply not found.
 */
export function conversationStore(db: Kysely<Tables>, user: string) {
  const mine = () => db.selectFrom('conversations').where('user_key', '=', user);

  /**
   * Moves a live conversation's row from revision `from` to `fields.revision`; false when another
   * write moved it first (the row is locked from here to the transaction's end).
   */
  async function bump(
    tx: Kysely<Tables>,
    id: string,
    from: number,
    fields: Partial<Omit<Tables['conversations'], 'user_key' | 'id'>>,
    /** Over a tombstone (a deleted conversation brought back), not over a live one. */
    overDeleted = false,
  ): Promise<boolean> {
    const result = await tx
      .updateTable('conversations')
      .set(fields)
      .where('user_key', '=', user)
      .where('id', '=', id)
      .where('revision', '=', from)
      .where('deleted', '=', overDeleted ? 1 : 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A write refused because another came first: the revision it must merge with. */
  async function refusal(tx: Kysely<Tables>, id: string): Promise<PutResult> {
    const row = await tx
      .selectFrom('conversations')
      .select(['revision', 'deleted'])
      .where('user_key', '=', user)
      .where('id', '=', id)
      .executeTakeFirst();
    return { ok: false, current: { revision: row?.revision ?? 0, deleted: !row || !!row.deleted } };
  }

  /** One try of a rename or pin: `RACED` when a write landed between its read and its write. */
  function patchOnce(id: string, change: { title?: string; pinned?: boolean }, now: number) {
    return db.transaction().execute(async (tx) => {
      const row = await readDoc(tx, user, id);
      if (!row) return null;
      const doc = row.doc as ConversationDoc & {
        changed?: Record<string, number>;
        titleEdited?: boolean;
      };
      const changed = { ...doc.changed };
      if (change.title !== undefined) {
        doc.title = change.title;
        doc.titleEdited = true;
        changed.title = now;
      }
      if (change.pinned !== undefined) {
        doc.pinned = change.pinned;
        changed.pinned = now;
      }
      doc.changed = changed;
      const revision = row.revision + 1;
      const moved = await bump(tx, id, row.revision, {
        title: doc.title,
        pinned: doc.pinned ? 1 : 0,
        search: searchText(doc),
        revision,
        changed_at: now,
      });
      if (!moved) return RACED;
      await writeDoc(tx, user, id, JSON.stringify(doc));
      return { revision };
    });
  }

  return {
    ...conversationList(db, user),

    /** One live conversation with the answers the server wrote merged in, or null. */
    async get(id: string, checkpointMs: number, now = Date.now()) {
      const row = await readDoc(db, user, id);
      if (!row) return null;
      const answers = await db
        .selectFrom('answers')
        .selectAll()
        .where('user_key', '=', user)
        .where('conversation_id', '=', id)
        .execute();
      const doc = row.doc;
      return {
        conversation: mergeAnswers(doc, answers, { now, staleAfterMs: 3 * checkpointMs }),
        revision: row.revision,
      };
    },

    /** Several live conversations at once (conversation-batch.ts). */
    getMany(ids: readonly string[], checkpointMs: number) {
      return readBatch(db, user, ids, { checkpointMs });
    },

    /**
     * Writes a conversation. With `baseRevision`, only over that revision (else the current one is
     * returned: the browser merges and writes again); without, only when it does not exist (a
     * first upload, an import). A deleted conversation stays deleted for writes based on it, and
     * comes back for one with no base; one the server has no row for at all is written as new,
     * whatever the base.
     */
    put(doc: ConversationDoc, baseRevision: number | undefined, now = Date.now()) {
      return db.transaction().execute(async (tx): Promise<PutResult> => {
        const current = await tx
          .selectFrom('conversations')
          .select(['revision', 'deleted'])
          .where('user_key', '=', user)
          .where('id', '=', doc.id)
          .executeTakeFirst();
        const fields = {
          title: doc.title,
          pinned: doc.pinned ? 1 : 0,
          created_at: doc.createdAt,
          updated_at: doc.updatedAt,
          changed_at: now,
          deleted: 0,
          search: searchText(doc),
        };
        const text = JSON.stringify(doc);
        if (!current) {
          // No row at all, whatever the write was based on: a deletion leaves a tombstone, so the
          // server lost it (restored from an older backup, a new database) and the browser's copy
          // is the one left. Two first uploads at once: the second inserts nothing and is told of the first.
          const inserted = await tx
            .insertInto('conversations')
            .values({ user_key: user, id: doc.id, revision: 1, ...fields })
            .onConflict((oc) => oc.columns(['user_key', 'id']).doNothing())
            .executeTakeFirst();
          if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return refusal(tx, doc.id);
          await writeDoc(tx, user, doc.id, text);
          return { ok: true, revision: 1 };
        }
        // A write with no base over a tombstone brings the conversation back: the browser never
        // had it from the server (Undo of a deletion, an import of an export, a chat moved into
        // the account). One based on a revision it had stays deleted: the deletion wins.
        const revives = !!current.deleted && baseRevision === undefined;
        if (!revives && (current.revision !== baseRevision || current.deleted))
          return { ok: false, current: { revision: current.revision, deleted: !!current.deleted } };
        const revision = current.revision + 1;
        // Only over the revision read: on PostgreSQL a write committed meanwhile (read committed)
        // is seen here, and this one becomes a conflict instead of overwriting it.
        if (!(await bump(tx, doc.id, current.revision, { ...fields, revision }, revives)))
          return refusal(tx, doc.id);
        await writeDoc(tx, user, doc.id, text);
        return { ok: true, revision };
      });
    },

    /** Renames or pins: false when there is no such live conversation. */
    async patch(id: string, change: { title?: string; pinned?: boolean }, now = Date.now()) {
      // A write that lands between the read and this change's write is read again, not undone.
      for (;;) {
        const result = await patchOnce(id, change, now);
        if (result !== RACED) return result;
      }
    },

    /**
     * Deletes: the messages, the server's answers and the share links go; a tombstone stays so
     * other devices learn of it. False when there was no such live conversation.
     */
    remove(id: string, now = Date.now()) {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('conversations')
          .set((eb) => ({
            deleted: 1,
            search: '',
            title: '',
            revision: eb('revision', '+', 1),
            changed_at: now,
          }))
          .where('user_key', '=', user)
          .where('id', '=', id)
          .where('deleted', '=', 0)
          .executeTakeFirst();
        if (!result.numUpdatedRows) return false;
        await tx
          .deleteFrom('conversation_docs')
          .where('user_key', '=', user)
          .where('id', '=', id)
          .execute();
        await tx
          .deleteFrom('answers')
          .where('user_key', '=', user)
          .where('conversation_id', '=', id)
          .execute();
        await tx
          .deleteFrom('shares')
          .where('user_key', '=', user)
          .where('conversation_id', '=', id)
          .execute();
        return true;
      });
    },

    /** Whether the user has this live conversation. */
    async has(id: string): Promise<boolean> {
      const row = await mine()
        .select('id')
        .where('id', '=', id)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type ConversationStore = ReturnType<typeof conversationStore>;
