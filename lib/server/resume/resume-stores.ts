import 'server-only';

import type { ResumeConfig } from '../config/resume-schema';
import type { ResumeStores } from './find-answer';
import { createLocalAnswers } from './local-answers';
import type { SharedAnswers } from './shared-answers';

/**
 * The resume stores of this process: its own answers in memory, bounded by `RESUME_MAX_BYTES`,
 * plus `shared` (every instance's answers, in Redis) when `REDIS_URL` is set.
 */
export function createResumeStores(config: ResumeConfig, shared?: SharedAnswers): ResumeStores {
  return {
    answers: createLocalAnswers({
      maxBytes: config.maxBytes,
      maxAnswerBytes: config.maxAnswerBytes,
      ttlMs: config.ttlMs,
    }),
    ...(shared ? { shared } : {}),
  };
}
