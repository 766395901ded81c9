import 'server-only';

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type { Tables } from './tables';
import { migrationProvider } from './migrations';

/** Where the conversations are kept. */
export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** PostgreSQL's `int8`: times in milliseconds fit a JavaScript number exactly. */
const INT8_OID = 20;

/**
 * Opens the database (drivers loaded on demand: an instance on PostgreSQL never loads the SQLite
 * binding, and the reverse). SQLite runs in WAL mode, so readers never wait for the writer.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Kysely<Tables>> {
  if (target.kind === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
    const database = new SQLite(target.file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('busy_timeout = 5000');
    return new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Brings the schema up to date (Kysely's migrator: each migration once, in order, recorded in the
 * database, under a lock so two instances starting together do not both run one). Throws with the
 * failing migration's error.
 */
export async function migrateToLatest(db: Kysely<Tables>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
