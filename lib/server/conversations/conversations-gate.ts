import 'server-only';

import type { Kysely } from 'kysely';
import { withAccess, withoutVisitors } from '../auth/api-gate';
import { refuseUnlessSignedIn } from '../auth/signed-in-only';
import { getConversationsConfig, type ConversationsConfig } from '../config/conversations-config';
import { database } from '../database/database';
import type { Tables } from '../database/tables';
import { tooManyRequests } from '../http/json-error';
import { createRateLimiter, type RateCounter } from '../redis/rate-limiter';
import { processSingleton } from '../process-singleton';
import { conversationStore, type ConversationStore } from './conversation-store';
import {
  ANSWER_BUDGET_BYTES,
  ANSWERS_PER_USER,
  bodyBytes,
  createTransferSlots,
  LARGE_ANSWER_BYTES,
  releasedWhenSent,
} from './transfer-slots';

/** Requests to the conversation routes one user may make per minute (a sync polls every few s). */
const REQUESTS_PER_MINUTE = 600;

/** What a conversation route works with: the signed-in user's rows, and nobody else's. */
export interface ConversationsContext {
  user: string;
  store: ConversationStore;
  db: Kysely<Tables>;
  config: ConversationsConfig;
}

const limiter = (): RateCounter =>
  processSingleton('conversations-rate', () =>
    createRateLimiter({
      keyPrefix: 'runnel:conversations',
      points: REQUESTS_PER_MINUTE,
      duration: 60,
    }),
  );

const uploads = () => processSingleton('conversations-uploads', () => createTransferSlots());
const answers = () =>
  processSingleton('conversations-answers', () =>
    createTransferSlots(ANSWERS_PER_USER, ANSWER_BUDGET_BYTES),
  );

/** Seconds a write refused for want of an upload slot is asked to wait. */
const UPLOAD_RETRY_AFTER_S = 2;

/**
 * The gate of every `/api/conversations` route, cheapest check first: the session (401/403, from
 * the access gate, before the body is read), signed-in users only (open mode keeps conversations
 * in the browser: 404), the user's request rate (429), for a route that takes a large body
 * (`uploadMaxBytes`) a slot to receive it in (429 with `Retry-After` while the user has four
 * writes under way here or the process holds its budget of them: transfer-slots.ts), and only then
 * the body and the database. A large answer is sent holding a slot of its own (`sentWithin`), and
 * a user being sent four already has any other read refused before it is made.
 */
export function withConversations(
  request: Request,
  handler: (context: ConversationsContext) => Promise<Response>,
  uploadMaxBytes?: number,
): Promise<Response> {
  return withAccess(
    request,
    withoutVisitors(async (identity) => {
      const refused = await refuseUnlessSignedIn(identity, limiter(), {
        code: 'conversations_off',
        message: 'Conversations are kept in this browser only: no sign-in is configured.',
      });
      if (refused) return refused;
      // A read by a user who is being sent four large answers already would be built only to be
      // refused by `sentWithin`: refused before the database instead.
      if (uploadMaxBytes === undefined && answers().full(identity.key)) return readsBusy();
      const release =
        uploadMaxBytes === undefined
          ? () => {}
          : uploads().take(identity.key, bodyBytes(request, uploadMaxBytes));
      if (!release) return busy();
      let answer: Response;
      try {
        const db = await database();
        answer = await handler({
          user: identity.key,
          db,
          store: conversationStore(db, identity.key),
          config: getConversationsConfig(),
        });
      } finally {
        release();
      }
      return sentWithin(identity.key, answer);
    }),
  );
}

const busy = () =>
  tooManyRequests(
    'Too many conversation writes are under way; try again in a moment.',
    UPLOAD_RETRY_AFTER_S,
  );

/**
 * A large answer (a conversation read, a batch) is sent holding an answer slot until the client has
 * read it; past the user's four or the process's budget it is dropped for a 429 instead: a client
 * that asks and never reads holds four at most.
 */
function sentWithin(user: string, answer: Response): Response {
  const bytes = Number(answer.headers.get('content-length'));
  if (!(bytes >= LARGE_ANSWER_BYTES)) return answer;
  const release = answers().take(user, bytes);
  if (!release) {
    void answer.body?.cancel();
    return readsBusy();
  }
  return releasedWhenSent(answer, release);
}

const readsBusy = () =>
  tooManyRequests(
    'Too many large conversation reads are under way; try again in a moment.',
    UPLOAD_RETRY_AFTER_S,
  );
