import 'server-only';

import { z } from 'zod';
import { intFrom, optionalText } from './env-values';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What operators set to watch, log and restart the server. */
export interface OpsConfig {
  /** Enables `GET /api/metrics` for `Authorization: Bearer <token>`; a secret. */
  metricsToken?: string;
  logLevel: LogLevel;
  /** How long answers in flight may finish after SIGTERM. */
  shutdownGraceMs: number;
  /** Enables the raw byte-pipe route `npm run bench:load` compares against. */
  benchRawPipe: boolean;
}

/** A grace longer than this would outlast every orchestrator's kill timeout by far. */
const MAX_SHUTDOWN_GRACE_MS = 3_600_000;

/** The environment variables of {@link OpsConfig}, merged into the main schema. */
export const opsEnvSchema = z.object({
  METRICS_TOKEN: optionalText.refine(
    (v) => v === undefined || v.trim().length >= 16,
    'must be at least 16 characters (it guards the metrics endpoint)',
  ),
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : 'info'))
    .pipe(z.enum(LOG_LEVELS)),
  SHUTDOWN_GRACE_MS: intFrom(25_000, 0, MAX_SHUTDOWN_GRACE_MS),
  BENCH_RAW_PIPE: z
    .enum(['', '0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** The ops part of the configuration, from the parsed environment. */
export function buildOpsConfig(env: z.infer<typeof opsEnvSchema>): OpsConfig {
  return {
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN.trim() } : {}),
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    benchRawPipe: env.BENCH_RAW_PIPE,
  };
}
