import 'server-only';
import { environment } from './environment';

import { z } from 'zod';
import { optionalText, positiveInt } from './env-values';
import { ConfigError } from './config-error';

/** Who may open a shared conversation's page (`SHARE_LINKS`). */
export type ShareLinks = 'signed-in' | 'public' | 'off';

/** Conversations on the server, as configured. */
export interface ConversationsConfig {
  /** `DATABASE_URL` when it names PostgreSQL; undefined: the embedded SQLite file. */
  postgresURL?: string;
  /** `DATA_DIR`: the folder of the SQLite file (`runnel.sqlite`). */
  dataDir: string;
  shareLinks: ShareLinks;
  /**
   * `BACKGROUND_ANSWERS`: `signed-in` (default) finishes an answer nobody reads any more and stores
   * it, when someone is signed in; `off` stops it after `RESUME_GRACE_MS` everywhere (as open mode
   * always does: nobody could read it later).
   */
  backgroundAnswers: 'signed-in' | 'off';
  /** `ANSWER_CHECKPOINT_MS`: how often a streaming answer's text is written to the database. */
  checkpointMs: number;
}

const schema = z.object({
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//i.test(v),
    'must be a postgres:// URL (leave it unset for the embedded SQLite file)',
  ),
  DATA_DIR: optionalText,
  SHARE_LINKS: z.enum(['signed-in', 'public', 'off']).optional().default('signed-in'),
  BACKGROUND_ANSWERS: z.enum(['signed-in', 'off']).optional().default('signed-in'),
  ANSWER_CHECKPOINT_MS: positiveInt(3_000, 60_000),
});

/** Builds the configuration from an environment; throws naming the bad variable. */
export function buildConversationsConfig(
  env: Record<string, string | undefined>,
): ConversationsConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    ...(e.DATABASE_URL ? { postgresURL: e.DATABASE_URL } : {}),
    dataDir: e.DATA_DIR ?? '.runnel/data',
    shareLinks: e.SHARE_LINKS,
    backgroundAnswers: e.BACKGROUND_ANSWERS,
    checkpointMs: e.ANSWER_CHECKPOINT_MS,
  };
}

let cached: ConversationsConfig | undefined;

/** The configuration, read from the environment once. */
export function getConversationsConfig(): ConversationsConfig {
  cached ??= buildConversationsConfig(environment());
  return cached;
}
