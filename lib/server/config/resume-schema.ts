import 'server-only';

import { z } from 'zod';
import { positiveInt } from './env-values';

/** Resumable answers (`"resumable": true` on `POST /api/chat`), as configured. */
export interface ResumeConfig {
  /** `RESUME_GRACE_MS`: how long generation goes on while nobody reads, waiting for a reattach. */
  graceMs: number;
  /** `RESUME_TTL_S`: how long a finished answer stays readable, in milliseconds. */
  ttlMs: number;
  /** `RESUME_MAX_BYTES`: what this instance keeps of every answer together. */
  maxBytes: number;
  /** What one answer may keep: the total, but never more than 4 MiB. */
  maxAnswerBytes: number;
}

/** A single answer larger than this is not worth keeping: ~100 times a long answer's events. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The environment variables of resumable answers. */
export const resumeEnvSchema = z.object({
  RESUME_GRACE_MS: positiveInt(30_000),
  RESUME_TTL_S: positiveInt(300),
  RESUME_MAX_BYTES: positiveInt(64 * 1024 * 1024),
});

/** Builds the resume configuration from a parsed environment. */
export function toResumeConfig(e: z.infer<typeof resumeEnvSchema>): ResumeConfig {
  return {
    graceMs: e.RESUME_GRACE_MS,
    ttlMs: e.RESUME_TTL_S * 1000,
    maxBytes: e.RESUME_MAX_BYTES,
    maxAnswerBytes: Math.min(MAX_ANSWER_BYTES, e.RESUME_MAX_BYTES),
  };
}
