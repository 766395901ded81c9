import 'server-only';

import { sql, type Kysely } from 'kysely';
import type { ConversationRow, Tables } from '../database/tables';
import { mergeAnswers } from './answer-merge';
import { searchText, type ConversationDoc } from './conversation-doc';

/** One line of the list. */
export interface ConversationSummary {
  id: string;
  title: string;
  pinned: boolean;
  createdAt: number;
  updatedAt: number;
  revision: number;
  /** Present on a sync's tombstones only. */
  deleted?: true;
  /** In a sync: when the server last changed it (a stored answer changes it too). */
  changedAt?: number;
}

/** A page of the list; `next` asks for the following page. */
export interface ConversationPage {
  conversations: ConversationSummary[];
  next?: string;
}

export type PutResult =
  { ok: true; revision: number } | { ok: false; current: { revision: number; deleted: boolean } };

const SUMMARY_COLUMNS = [
  'id',
  'title',
  'pinned',
  'created_at',
  'updated_at',
  'revision',
  'deleted',
] as const;

function toSummary(
  row: Pick<ConversationRow, (typeof SUMMARY_COLUMNS)[number]>,
): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    pinned: row.pinned === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    revision: row.revision,
    ...(row.deleted ? { deleted: true as const } : {}),
  };
}

/** A cursor: the last row's order key, opaque to the browser. */
function encodeCursor(row: { updated_at: number; id: string }): string {
  return Buffer.from(JSON.stringify([Number(row.updated_at), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): [number, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'number' &&
      typeof value[1] === 'string' &&
      value.length === 2
    )
      return [value[0], value[1]];
  } catch {
    // An unreadable cursor starts from the top.
  }
  return null;
}

/** `%` and `_` in a search are literal characters, not patterns. */
function likePattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One user's conversations in the database. Every function takes the user's key and touches that
 * user's rows only: another user's conversation id is simply not found.
 */
export function conversationStore(db: Kysely<Tables>, user: string) {
  const mine = () => db.selectFrom('conversations').where('user_key', '=', user);

  return {
    /** Live conversations, most recent first, `limit` at a time; `query` searches titles and text. */
    async list(options: {
      limit: number;
      query?: string;
      cursor?: string;
    }): Promise<ConversationPage> {
      let q = mine().select(SUMMARY_COLUMNS).where('deleted', '=', 0);
      const after = options.cursor ? decodeCursor(options.cursor) : null;
      if (after) {
        const [updatedAt, id] = after;
        q = q.where((eb) =>
          eb.or([
            eb('updated_at', '<', updatedAt),
            eb.and([eb('updated_at', '=', updatedAt), eb('id', '<', id)]),
          ]),
        );
      }
      if (options.query) {
        // SQLite has no default escape character for LIKE; PostgreSQL's is the same backslash.
        q = q.where(sql<boolean>`search like ${likePattern(options.query)} escape '\\'`);
      }
      const rows = await q
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit + 1)
        .execute();
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        conversations: page.map(toSummary),
        ...(rows.length > options.limit && last ? { next: encodeCursor(last) } : {}),
      };
    },

    /** What changed since `since` (server time), deletions included, oldest change first. */
    async changes(since: number, limit: number): Promise<ConversationSummary[]> {
      const rows = await mine()
        .select([...SUMMARY_COLUMNS, 'changed_at'])
        .where('changed_at', '>=', since)
        .orderBy('changed_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...toSummary(row), changedAt: Number(row.changed_at) }));
    },

    /** One live conversation with the answers the server wrote merged in, or null. */
    async get(id: string, checkpointMs: number, now = Date.now()) {
      const row = await mine()
        .select(['doc', 'revision'])
        .where('id', '=', id)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (!row) return null;
      const answers = await db
        .selectFrom('answers')
        .selectAll()
        .where('user_key', '=', user)
        .where('conversation_id', '=', id)
        .execute();
      const doc = JSON.parse(row.doc) as ConversationDoc;
      return {
        conversation: mergeAnswers(doc, answers, { now, staleAfterMs: 3 * checkpointMs }),
        revision: row.revision,
      };
    },

    /**
     * Writes a conversation. With `baseRevision`, only over that revision (else the current one is
     * returned: the browser merges and writes again); without, only when it does not exist (a
     * first upload, an import). A deleted conversation stays deleted for writes based on it.
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
          doc: JSON.stringify(doc),
          search: searchText(doc),
        };
        if (!current) {
          if (baseRevision !== undefined && baseRevision > 0)
            return { ok: false, current: { revision: 0, deleted: true } };
          await tx
            .insertInto('conversations')
            .values({ user_key: user, id: doc.id, revision: 1, ...fields })
            .execute();
          return { ok: true, revision: 1 };
        }
        if (current.revision !== baseRevision || current.deleted)
          return { ok: false, current: { revision: current.revision, deleted: !!current.deleted } };
        const revision = current.revision + 1;
        await tx
          .updateTable('conversations')
          .set({ ...fields, revision })
          .where('user_key', '=', user)
          .where('id', '=', doc.id)
          .execute();
        return { ok: true, revision };
      });
    },

    /** Renames or pins: false when there is no such live conversation. */
    patch(id: string, change: { title?: string; pinned?: boolean }, now = Date.now()) {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('conversations')
          .select(['doc', 'revision'])
          .where('user_key', '=', user)
          .where('id', '=', id)
          .where('deleted', '=', 0)
          .executeTakeFirst();
        if (!row) return null;
        const doc = JSON.parse(row.doc) as ConversationDoc & {
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
        await tx
          .updateTable('conversations')
          .set({
            title: doc.title,
            pinned: doc.pinned ? 1 : 0,
            doc: JSON.stringify(doc),
            search: searchText(doc),
            revision,
            changed_at: now,
          })
          .where('user_key', '=', user)
          .where('id', '=', id)
          .execute();
        return { revision };
      });
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
            doc: '{}',
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
          .deleteFrom('answers')
          .where('user_key', '=', user)
          .where('conversation_id', '=', id)
          .execute();
        await tx
          .updateTable('shares')
          .set({ revoked: 1 })
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
