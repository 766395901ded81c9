import 'server-only';

import type { ResumeConfig } from '../config/resume-schema';
import { getRedis, readyRedis } from '../redis/client';
import type { ResumeStores } from './find-answer';
import { createLocalAnswers } from './local-answers';
import { createRedisAnswers } from './redis-answers';
import type { SharedAnswers } from './shared-answers';

/**
 * The resume stores of this process: its own answers in memory, bounded by `RESUME_MAX_BYTES`,
 * plus every instance's answers in Redis when `REDIS_URL` is set (the process's shared client).
 */
export function createResumeStores(config: ResumeConfig): ResumeStores {
  const redis = getRedis();
  const shared: SharedAnswers | undefined = redis
    ? createRedisAnswers(redis, {
        graceMs: config.graceMs,
        ttlMs: config.ttlMs,
        ready: async () => Boolean(await readyRedis()),
        log: (message) => console.error(`[runnel] ${message}`),
      })
    : undefined;
  return {
    answers: createLocalAnswers({
      maxBytes: config.maxBytes,
      maxAnswerBytes: config.maxAnswerBytes,
      ttlMs: config.ttlMs,
      ...(shared ? { onForget: (id: string) => shared.forget(id) } : {}),
    }),
    ...(shared ? { shared } : {}),
  };
}
