import 'server-only';

import type { AnswerLog } from './answer-log';
import type { AnswerAccess, EntryFeed } from './types';

/**
 * What other instances see of this instance's answers, and what this instance sees of theirs: a
 * shared store (Redis, redis-answers.ts). Without one, an answer lives on the instance that
 * generates it and only that instance can resume or stop it.
 */
export interface SharedAnswers {
  /**
   * Starts copying a local answer into the shared store as it is appended, keeps a lease on it
   * while it is generated here, and passes stop requests made elsewhere to `log.requestStop()`.
   */
  mirror(log: AnswerLog): AnswerMirror;
  /** Who may read an answer generated anywhere; undefined when unknown or expired. */
  access(id: string): Promise<AnswerAccess | undefined>;
  /**
   * The answer as kept in the shared store. While it is fed, the reader counts as present (the
   * generating instance then keeps generating); when the generating instance's lease runs out
   * before the terminal entry, the feed ends the answer with an `incomplete_stream` error.
   */
  feed(id: string): EntryFeed;
  /** Asks whichever instance generates the answer to stop it. */
  requestStop(id: string): Promise<void>;
  /**
   * This instance let go of an answer it generated (evicted for room, or past its TTL): its shared
   * copy goes too, so what is kept stays within `RESUME_MAX_BYTES`.
   */
  forget(id: string): void;
}

/** One local answer as the shared store follows it. */
export interface AnswerMirror {
  /** Whether a reader on another instance was attached within the grace period. */
  readersElsewhere(): Promise<boolean>;
  /** Generation here is over: the lease ends; the kept answer expires after the TTL. */
  close(): void;
}
