import 'server-only';

import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database/dialect';
import type { ConversationRow, Tables } from '../database/tables';

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

/** A cursor: the last row's order key (a time and the id), opaque to the browser. */
function encodeCursor(at: number, id: string): string {
  return Buffer.from(JSON.stringify([Number(at), id])).toString('base64url');
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

/** Searches look at this many of the most recent conversations first. */
const RECENT_WINDOW = 1000;

/** `%` and `_` in a search are literal characters, not patterns. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The list and the sync of one user's conversations: reads of the narrow `conversations` rows only
 * (never a document), scoped to `user`.
 */
export function conversationList(db: Kysely<Tables>, user: string) {
  const mine = () => db.selectFrom('conversations').where('user_key', '=', user);
  const postgres = isPostgres(db as Kysely<unknown>);
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
      const ordered = (query: typeof q) =>
        query
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(options.limit + 1)
          .execute();
      let rows: Awaited<ReturnType<typeof ordered>>;
      if (options.query) {
        const text = options.query.toLowerCase();
        // PostgreSQL: LIKE, which its trigram index answers; SQLite: instr, a plain substring
        // search (the column is lower-cased already) several times faster than LIKE's matcher.
        const matches = postgres
          ? sql<boolean>`search like ${likePattern(text)} escape '\\'`
          : sql<boolean>`instr(search, ${text}) > 0`;
        q = q.where(matches);
        // A common word fills a page from the most recent conversations: look there first, so
        // such a search never collects every match to sort them.
        const edge = await mine()
          .select('updated_at')
          .where('deleted', '=', 0)
          .orderBy('updated_at', 'desc')
          .offset(RECENT_WINDOW)
          .limit(1)
          .executeTakeFirst();
        rows = edge ? await ordered(q.where('updated_at', '>', edge.updated_at)) : [];
        if (rows.length <= options.limit) rows = await ordered(q);
      } else {
        rows = await ordered(q);
      }
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        conversations: page.map(toSummary),
        ...(rows.length > options.limit && last
          ? { next: encodeCursor(last.updated_at, last.id) }
          : {}),
      };
    },

    /**
     * What changed since `since` (server time), deletions included, oldest change first, `limit`
     * at a time: `next` continues after the page's last change.
     */
    async changes(
      since: number,
      limit: number,
      cursor?: string,
    ): Promise<{ conversations: ConversationSummary[]; next?: string }> {
      let q = mine()
        .select([...SUMMARY_COLUMNS, 'changed_at'])
        .where('changed_at', '>=', since);
      const after = cursor ? decodeCursor(cursor) : null;
      if (after) {
        const [changedAt, id] = after;
        q = q.where((eb) =>
          eb.or([
            eb('changed_at', '>', changedAt),
            eb.and([eb('changed_at', '=', changedAt), eb('id', '>', id)]),
          ]),
        );
      }
      const rows = await q
        .orderBy('changed_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        conversations: page.map((row) => ({
          ...toSummary(row),
          changedAt: Number(row.changed_at),
        })),
        ...(rows.length > limit && last ? { next: encodeCursor(last.changed_at, last.id) } : {}),
      };
    },
  };
}
