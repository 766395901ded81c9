import 'server-only';

import type { Kysely } from 'kysely';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { withAccess, withoutVisitors } from '../auth/api-gate';
import { refuseUnlessSignedIn } from '../auth/signed-in-only';
import { getConversationsConfig, type ConversationsConfig } from '../config/conversations-config';
import { database } from '../database/database';
import type { Tables } from '../database/tables';
import { createRateLimiter } from '../redis/rate-limiter';
import { processSingleton } from '../process-singleton';
import { conversationStore, type ConversationStore } from './conversation-store';

/** Requests to the conversation routes one user may make per minute (a sync polls every few s). */
const REQUESTS_PER_MINUTE = 600;

/** What a conversation route works with: the signed-in user's rows, and nobody else's. */
export interface ConversationsContext {
  user: string;
  store: ConversationStore;
  db: Kysely<Tables>;
  config: ConversationsConfig;
}

const limiter = (): RateLimiterAbstract =>
  processSingleton('conversations-rate', () =>
    createRateLimiter({
      keyPrefix: 'runnel:conversations',
      points: REQUESTS_PER_MINUTE,
      duration: 60,
    }),
  );

/**
 * The gate of every `/api/conversations` route, cheapest check first: the session (401/403, from
 * the access gate, before the body is read), signed-in users only (open mode keeps conversations
 * in the browser: 404), the user's request rate (429), and only then the database.
 */
export function withConversations(
  request: Request,
  handler: (context: ConversationsContext) => Promise<Response>,
): Promise<Response> {
  return withAccess(
    request,
    withoutVisitors(async (identity) => {
      const refused = await refuseUnlessSignedIn(identity, limiter(), {
        code: 'conversations_off',
        message: 'Conversations are kept in this browser only: no sign-in is configured.',
      });
      if (refused) return refused;
      const db = await database();
      return handler({
        user: identity.key,
        db,
        store: conversationStore(db, identity.key),
        config: getConversationsConfig(),
      });
    }),
  );
}
