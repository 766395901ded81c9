import 'server-only';

import type { Identity } from '../auth/identity';
import { getAuthConfig } from '../config/auth-config';
import { database } from '../database/database';
import type { UsageRow } from '../database/tables';
import type { StreamSummary } from '../stream/event-output';

/** Writes one answer's usage row; never throws. */
export type WriteUsage = (row: UsageRow) => Promise<void>;

/** Inserts the row into the server's database (a repeated request id is written once). */
export const writeUsageRow: WriteUsage = async (row) => {
  try {
    const db = await database();
    await db
      .insertInto('usage')
      .values(row)
      .onConflict((oc) => oc.column('request_id').doNothing())
      .execute();
  } catch (error) {
    // The error's name only: the answer went on, and a message may quote the row.
    console.error(`[runnel] an answer's usage could not be stored: ${(error as Error).name}`);
  }
};

/** The usage row of an answer from its summary (tokens 0 when the backend reported none). */
export function usageRow(
  identity: Extract<Identity, { kind: 'user' }>,
  model: string,
  summary: StreamSummary,
  at: number,
): UsageRow {
  return {
    request_id: summary.requestId,
    user_key: identity.key,
    user_name: identity.name,
    model,
    outcome: summary.outcome,
    prompt_tokens: summary.usage?.prompt_tokens ?? 0,
    completion_tokens: summary.usage?.completion_tokens ?? 0,
    cost: summary.cost?.amount ?? null,
    currency: summary.cost?.currency ?? null,
    at,
  };
}

/**
 * What records a signed-in user's answer when it ends, whatever the end (a stopped answer used
 * tokens too): called with the answer's summary. Undefined in open mode and for widget visitors,
 * whose answers are nobody's to show.
 */
export function usageRecorderFor(
  identity: Identity,
  model: string,
  write: WriteUsage = writeUsageRow,
  now: () => number = Date.now,
): ((summary: StreamSummary) => void) | undefined {
  if (identity.kind !== 'user' || !getAuthConfig().closed) return undefined;
  return (summary) => void write(usageRow(identity, model, summary, now()));
}
