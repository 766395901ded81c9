import 'server-only';

import { z } from 'zod';

/** One set of per-identity limits; a missing value means no limit. */
export interface LimitSet {
  /** Requests a minute. */
  rpm?: number;
  /** Streams at once. */
  concurrent?: number;
  /** Tokens a day (prompt + completion, from each answer's final usage). */
  tokensPerDay?: number;
}

/** Limits, admission and shared state, as configured. */
export interface LimitsConfig {
  /** `RATE_LIMIT_*`: signed-in users and anonymous addresses. */
  user: LimitSet;
  /** `EMBED_RATE_LIMIT_*`: widget visitors (on by default). */
  embed: LimitSet & {
    /** Requests a minute from all the visitors of one embedding site together. */
    hostRpm?: number;
  };
  /** `EMBED_MODELS`: the model ids the widget may use; undefined = every model. */
  embedModels?: string[];
  /** `MAX_CONCURRENT_STREAMS`: streams at once per backend, unless its providers entry says. */
  maxConcurrentStreams?: number;
  /** `QUEUE_TIMEOUT_MS`: how long a request may wait for a free slot. */
  queueTimeoutMs: number;
  /** `REDIS_URL`: shared state; undefined = in memory (one instance). Contains a password maybe. */
  redisUrl?: string;
}

/**
 * The widget is public: whoever loads a page that embeds it can call the chat, so its limits are
 * on unless turned off (`0`). Sized for a person chatting, not for a script.
 */
export const EMBED_DEFAULTS = { rpm: 20, concurrent: 2, tokensPerDay: 100_000, hostRpm: 600 };

/** `0` turns a limit off; unset leaves `fallback` (undefined = no limit). */
const limit = (fallback?: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): number | undefined => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v) || !Number.isSafeInteger(n)) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number (0 = no limit), got "${v}"`,
        });
        return z.NEVER;
      }
      return n === 0 ? undefined : n;
    });

const redisUrl = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): string | undefined => {
    if (!v) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(v);
    } catch {
      // Never echo the value: it may hold a password.
      ctx.addIssue({ code: 'custom', message: 'must be a redis:// or rediss:// URL' });
      return z.NEVER;
    }
    if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
      ctx.addIssue({ code: 'custom', message: 'must be a redis:// or rediss:// URL' });
      return z.NEVER;
    }
    return v;
  });

/** The environment variables of limits, admission and shared state. */
export const limitsEnvSchema = z.object({
  RATE_LIMIT_RPM: limit(),
  RATE_LIMIT_CONCURRENT: limit(),
  RATE_LIMIT_TOKENS_PER_DAY: limit(),
  EMBED_RATE_LIMIT_RPM: limit(EMBED_DEFAULTS.rpm),
  EMBED_RATE_LIMIT_CONCURRENT: limit(EMBED_DEFAULTS.concurrent),
  EMBED_RATE_LIMIT_TOKENS_PER_DAY: limit(EMBED_DEFAULTS.tokensPerDay),
  EMBED_RATE_LIMIT_HOST_RPM: limit(EMBED_DEFAULTS.hostRpm),
  EMBED_MODELS: z
    .string()
    .optional()
    .transform((v) => {
      const ids = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return ids.length ? ids : undefined;
    }),
  MAX_CONCURRENT_STREAMS: limit(),
  QUEUE_TIMEOUT_MS: limit(30_000).refine((v) => v !== undefined, 'must be at least 1'),
  REDIS_URL: redisUrl,
});

/** Builds the limits configuration from a parsed environment. */
export function toLimitsConfig(e: z.infer<typeof limitsEnvSchema>): LimitsConfig {
  const set = (rpm?: number, concurrent?: number, tokensPerDay?: number): LimitSet => ({
    ...(rpm ? { rpm } : {}),
    ...(concurrent ? { concurrent } : {}),
    ...(tokensPerDay ? { tokensPerDay } : {}),
  });
  return {
    user: set(e.RATE_LIMIT_RPM, e.RATE_LIMIT_CONCURRENT, e.RATE_LIMIT_TOKENS_PER_DAY),
    embed: {
      ...set(
        e.EMBED_RATE_LIMIT_RPM,
        e.EMBED_RATE_LIMIT_CONCURRENT,
        e.EMBED_RATE_LIMIT_TOKENS_PER_DAY,
      ),
      ...(e.EMBED_RATE_LIMIT_HOST_RPM ? { hostRpm: e.EMBED_RATE_LIMIT_HOST_RPM } : {}),
    },
    ...(e.EMBED_MODELS ? { embedModels: e.EMBED_MODELS } : {}),
    ...(e.MAX_CONCURRENT_STREAMS ? { maxConcurrentStreams: e.MAX_CONCURRENT_STREAMS } : {}),
    queueTimeoutMs: e.QUEUE_TIMEOUT_MS ?? 30_000,
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
  };
}

/** The password in `REDIS_URL`, if any, so logs and errors never show it. */
export function redisSecrets(config: LimitsConfig): string[] {
  if (!config.redisUrl) return [];
  const { password } = new URL(config.redisUrl);
  return password ? [password, decodeURIComponent(password)] : [];
}
