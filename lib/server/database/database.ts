import 'server-only';

import path from 'node:path';
import type { Kysely } from 'kysely';
import { getConversationsConfig } from '../config/conversations-config';
import { processSingleton } from '../process-singleton';
import { migrateToLatest, openDatabase, type DatabaseTarget } from './connect';
import type { Tables } from './tables';

/** The SQLite file's name inside the data folder. */
export const SQLITE_FILE = 'runnel.sqlite';

/** Where this server keeps conversations: `DATABASE_URL`, else the SQLite file in `DATA_DIR`. */
export function configuredTarget(): DatabaseTarget {
  const config = getConversationsConfig();
  return config.postgresURL
    ? { kind: 'postgres', url: config.postgresURL }
    : { kind: 'sqlite', file: path.resolve(config.dataDir, SQLITE_FILE) };
}

/**
 * This process's database, opened and migrated on first use (the start-up hook asks first, so a
 * migration runs before the first request is served). One per process: Next bundles routes apart.
 */
export function database(): Promise<Kysely<Tables>> {
  const holder = processSingleton('database', () => ({
    opening: null as Promise<Kysely<Tables>> | null,
  }));
  holder.opening ??= (async () => {
    const db = await openDatabase(configuredTarget());
    await migrateToLatest(db);
    return db;
  })().catch((error: unknown) => {
    // Not kept: the next request tries again (the database may be starting too).
    holder.opening = null;
    throw error;
  });
  return holder.opening;
}
