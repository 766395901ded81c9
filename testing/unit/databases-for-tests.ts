import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { migrateToLatest, openDatabase } from '@/lib/server/database/connect';
import type { Tables } from '@/lib/server/database/tables';
import { startPostgresServer, type PostgresServer } from '../stack/postgres-server';

/** The databases every conversations test runs against: the same suite on both. */
export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/**
 * A migrated database of `kind` for the test file: a SQLite file in a temporary folder, or a real
 * PostgreSQL server started for the file (no mock), emptied before each test. Call the returned
 * function inside a test.
 */
export function databaseForTests(kind: DatabaseKind): () => Kysely<Tables> {
  let db: Kysely<Tables> | undefined;
  let server: PostgresServer | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    if (kind === 'postgres') {
      server = await startPostgresServer();
      db = await openDatabase({ kind: 'postgres', url: server.url });
    } else {
      dir = mkdtempSync(path.join(tmpdir(), 'runnel-sqlite-'));
      db = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite') });
    }
    await migrateToLatest(db);
  }, 60_000);
  beforeEach(async () => {
    for (const table of [
      'conversations',
      'conversation_docs',
      'answers',
      'shares',
      'usage',
    ] as const)
      await db!.deleteFrom(table).execute();
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!db) throw new Error('The database exists once the tests run.');
    return db;
  };
}
