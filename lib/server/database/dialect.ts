import 'server-only';

import type { Kysely } from 'kysely';

/**
 * Whether `db` speaks PostgreSQL (else SQLite). Asked of the adapter's abilities rather than with
 * `instanceof`: Next bundles server code in chunks that may each hold their own copy of Kysely's
 * classes. Of the two dialects, only PostgreSQL runs schema changes inside transactions.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.supportsTransactionalDdl;
}
