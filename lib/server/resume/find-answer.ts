import 'server-only';

import type { LocalAnswers } from './local-answers';
import type { SharedAnswers } from './shared-answers';
import { tokenMatches } from './token';
import type { AnswerAccess, EntryFeed } from './types';

/** This instance's resumable answers and, with Redis, every instance's. */
export interface ResumeStores {
  answers: LocalAnswers;
  shared?: SharedAnswers;
}

/** An answer found for a reattach or a stop request. */
export interface FoundAnswer {
  access: AnswerAccess;
  /** Undefined when the answer is not kept (too large): it can be stopped, not read. */
  feed?: EntryFeed;
  stop(): Promise<void>;
}

/** Request ids are Runnel's own (`chat_` + a UUID); anything else cannot name an answer. */
const REQUEST_ID = /^chat_[0-9a-f-]{36}$/;

/**
 * The answer `id`, from this instance's memory first (its generator is here: no round trip), then
 * from the shared store; undefined when unknown or expired.
 */
export async function findAnswer(
  stores: ResumeStores,
  id: string,
): Promise<FoundAnswer | undefined> {
  if (!REQUEST_ID.test(id)) return undefined;
  const local = stores.answers.get(id);
  if (local) {
    return {
      access: local.access,
      ...(local.kept() ? { feed: local.feed } : {}),
      stop: async () => local.requestStop(),
    };
  }
  const shared = stores.shared;
  const access = await shared?.access(id);
  if (!shared || !access) return undefined;
  return { access, feed: shared.feed(id), stop: () => shared.requestStop(id) };
}

/**
 * Whether a request may read or stop an answer: the right token and, when the answer is bound to
 * an identity (sign-in configured), the same identity.
 */
export function mayAccess(
  access: AnswerAccess,
  token: string | null,
  identityKey: string | undefined,
): boolean {
  if (!token || !tokenMatches(token, access.tokenHash)) return false;
  return access.binding === undefined || access.binding === identityKey;
}
