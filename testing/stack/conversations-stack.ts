/**
 * The conversations specs' part of the test stack: a real PostgreSQL server and two signed-in apps
 * on the same scenario backend, one keeping conversations in SQLite (`SHARE_LINKS` at its default,
 * `signed-in`) and one in PostgreSQL (`SHARE_LINKS=public`), so the same suite runs on both
 * databases. Five access codes, five users (Ada an administrator of usage; Carol, Dave and Erin
 * each kept for one spec whose counts other specs must not touch). `E2E_PORT_BASE` moves it with the
 * rest.
 */
import { APP_ENV } from './app-env';

const base = Number(process.env.E2E_PORT_BASE) || 0;

export const CONVERSATIONS_PG_PORT = base ? base + 40 : 4140;
export const CONVERSATIONS_SQLITE_PORT = base ? base + 41 : 4141;
export const CONVERSATIONS_POSTGRES_PORT = base ? base + 42 : 4142;

export const CONVERSATIONS_DATABASE_URL = `postgres://runnel@127.0.0.1:${CONVERSATIONS_PG_PORT}/postgres`;

export const ADA_CODE = 'ada-conversations-code-0123';
export const BOB_CODE = 'bob-conversations-code-4567';
/** Used by the upload-slot spec alone: no other spec's writes (Ada's, Bob's) hold her slots. */
export const CAROL_CODE = 'carol-conversations-code-8901';
/** Used by the large-answer spec alone: no other spec's reads hold his answer slots. */
export const DAVE_CODE = 'dave-conversations-code-2345';
/** Used by the share-view spec alone: no other spec's views count against her minute. */
export const ERIN_CODE = 'erin-conversations-code-6789';
export const CONVERSATIONS_SECRET = 'e2e-conversations-secret-0123456789-abcdef';
/** Checkpoints every second: a test of what a crash loses takes seconds, not minutes. */
export const CHECKPOINT_MS = 1000;

/** The grace period of an answer nobody reads, where answers are not finished in the background. */
export const GRACE_MS = 1000;

/** One of the two apps: which database it keeps conversations in, and who may open shares. */
export interface ConversationsApp {
  database: 'sqlite' | 'postgres';
  url: string;
  port: number;
  shareLinks: 'signed-in' | 'public';
  env: Record<string, string>;
}

function appOf(database: 'sqlite' | 'postgres'): ConversationsApp {
  const port = database === 'sqlite' ? CONVERSATIONS_SQLITE_PORT : CONVERSATIONS_POSTGRES_PORT;
  const url = `http://127.0.0.1:${port}`;
  const shareLinks = database === 'sqlite' ? 'signed-in' : 'public';
  const { EMBED_ALLOWED_ORIGINS: _widget, ...env } = APP_ENV;
  return {
    database,
    url,
    port,
    shareLinks,
    env: {
      ...env,
      PUBLIC_URL: url,
      AUTH_SECRET: CONVERSATIONS_SECRET,
      ACCESS_CODES: `ada:${ADA_CODE},bob:${BOB_CODE},carol:${CAROL_CODE},dave:${DAVE_CODE},erin:${ERIN_CODE}`,
      // Ada sees every user's usage; Bob only his own.
      ADMIN_USERS: 'ada',
      SHARE_LINKS: shareLinks,
      ANSWER_CHECKPOINT_MS: String(CHECKPOINT_MS),
      // Short: an answer nobody reads would be stopped within a second but for BACKGROUND_ANSWERS.
      RESUME_GRACE_MS: String(GRACE_MS),
      ...(database === 'postgres'
        ? { DATABASE_URL: CONVERSATIONS_DATABASE_URL }
        : { DATA_DIR: `.runnel/e2e-conversations-${port}` }),
    },
  };
}

export const CONVERSATIONS_APPS = { sqlite: appOf('sqlite'), postgres: appOf('postgres') };
