import 'server-only';

import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { isPostgres } from './dialect';

/**
 * The schema's history, oldest first: each entry runs once per database, in order, recorded by
 * Kysely's migrator in its own table. Written with Kysely's schema builder, which speaks both
 * SQLite and PostgreSQL, so one list serves both. Never edit a released entry: add one.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_conversations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('conversations')
        .addColumn('user_key', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('search', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('conversations_pk', ['user_key', 'id'])
        .execute();
      // Documents apart: a search scans narrow rows, never a document's overflow pages.
      await db.schema
        .createTable('conversation_docs')
        .addColumn('user_key', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('conversation_docs_pk', ['user_key', 'id'])
        .execute();
      // The list: one user's live conversations, most recent first.
      await db.schema
        .createIndex('conversations_recent')
        .on('conversations')
        .columns(['user_key', 'deleted', 'updated_at', 'id'])
        .execute();
      // A sync: what changed since a moment, tombstones included.
      await db.schema
        .createIndex('conversations_changed')
        .on('conversations')
        .columns(['user_key', 'changed_at'])
        .execute();
      if (await hasTrigrams(db)) {
        // PostgreSQL: a trigram index answers `search LIKE '%…%'` without reading every row.
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index conversations_search on conversations using gin (search gin_trgm_ops)`.execute(
          db,
        );
      }
      await db.schema
        .createTable('answers')
        .addColumn('user_key', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reasoning', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('usage', 'text')
        .addColumn('finish_reason', 'text')
        .addColumn('error', 'text')
        .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('answers_pk', ['user_key', 'conversation_id', 'message_id'])
        .execute();
      await db.schema
        .createTable('shares')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('user_key', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('shares_conversation')
        .on('shares')
        .columns(['user_key', 'conversation_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('shares').execute();
      await db.schema.dropTable('answers').execute();
      await db.schema.dropTable('conversation_docs').execute();
      await db.schema.dropTable('conversations').execute();
    },
  },
  '0002_usage': {
    async up(db: Kysely<unknown>) {
      // One row per answer of a signed-in user, kept apart from the conversations: deleting a
      // conversation never rewrites what its answers used or cost.
      await db.schema
        .createTable('usage')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('user_key', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cost', 'double precision')
        .addColumn('currency', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      // One user's days, and every user's (an administrator's view).
      await db.schema
        .createIndex('usage_user_at')
        .on('usage')
        .columns(['user_key', 'at'])
        .execute();
      await db.schema.createIndex('usage_at').on('usage').columns(['at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('usage').execute();
    },
  },
  // A revoked link (or one of a deleted conversation) was only marked, and kept its title and
  // text; such rows are deleted now, and these were left from before.
  '0003_revoked_shares_deleted': {
    async up(db: Kysely<unknown>) {
      await sql`delete from shares where revoked = 1`.execute(db);
    },
    async down() {},
  },
};

/**
 * Whether the database is PostgreSQL with the `pg_trgm` extension available (Debian's
 * `postgresql` ships it; most hosted services offer it). Elsewhere search scans the user's rows.
 */
async function hasTrigrams(db: Kysely<unknown>): Promise<boolean> {
  if (!isPostgres(db)) return false;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/** The migrations above, for Kysely's `Migrator`. */
export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
