/**
 * `npm run db:migrate`: brings the conversations database up to date — `DATABASE_URL`
 * (PostgreSQL), else the SQLite file in `DATA_DIR` — the same migrations the server runs when it
 * starts. Prints the migrations it ran.
 */
import { configuredTarget } from '../lib/server/database/database';
import { migrateToLatest, openDatabase } from '../lib/server/database/connect';

const target = configuredTarget();
const db = await openDatabase(target);
try {
  const ran = await migrateToLatest(db);
  const where = target.kind === 'sqlite' ? target.file : 'PostgreSQL (DATABASE_URL)';
  console.log(ran.length ? `Migrated ${where}: ${ran.join(', ')}` : `${where} is up to date.`);
} finally {
  await db.destroy();
}
