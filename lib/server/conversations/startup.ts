import 'server-only';

import { getAuthConfig, getDeployment } from '../config/auth-config';
import { getConversationsConfig, type ConversationsConfig } from '../config/conversations-config';
import { ConfigError } from '../config/config-error';
import { database } from '../database/database';

/** What is wrong in where conversations are kept, one line each; no I/O. */
export function conversationsWarnings(
  config: ConversationsConfig,
  facts: { closed: boolean; serverless: boolean },
): string[] {
  if (!facts.closed || config.postgresURL || !facts.serverless) return [];
  return [
    'A serverless platform (VERCEL) with sign-in configured needs PostgreSQL for conversations: set DATABASE_URL=postgres://… — an embedded SQLite file there is lost with each function instance.',
  ];
}

/**
 * Called once when the server starts (instrumentation.ts), with a sign-in method configured:
 * names what is wrong, then opens the database and runs its migrations, so the first request finds
 * the schema up to date. A database that cannot be reached is logged; the conversation routes then
 * fail (500) until it can, and chats go on (the browser keeps its copy).
 */
export async function startConversations(): Promise<void> {
  try {
    if (!getAuthConfig().closed) return;
    const config = getConversationsConfig();
    for (const line of conversationsWarnings(config, {
      closed: true,
      serverless: getDeployment().vercel,
    }))
      console.warn(`[runnel] warning: ${line}`);
    await database();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[runnel] ${error.message} — requests fail until it is fixed.`);
      return;
    }
    console.error(
      `[runnel] the conversations database cannot be opened: ${(error as Error).message}`,
    );
  }
}
