import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ENV } from './app-env';
import { SCENARIO_URL } from './ports';
import { writeStackFile } from './providers-file';

/**
 * The many-instances stack: one `redis-server` and two `next start` instances (A and B) sharing
 * it, with every limit configured small enough to reach in a test. `E2E_PORT_BASE` moves it with
 * the rest of the stack (A on base+2, B on base+3, Redis on base+25).
 */
const base = Number(process.env.E2E_PORT_BASE) || 0;

export const LIMITS_A_PORT = base ? base + 2 : 3102;
export const LIMITS_B_PORT = base ? base + 3 : 3103;
export const REDIS_PORT = base ? base + 25 : 4025;

export const LIMITS_A_URL = `http://127.0.0.1:${LIMITS_A_PORT}`;
export const LIMITS_B_URL = `http://127.0.0.1:${LIMITS_B_PORT}`;
export const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;

/** The limits both instances run with (the specs read them from here). */
export const LIMITS = {
  /** MAX_OUTPUT_TOKENS: what a request without `max_tokens` reserves (plus its prompt). */
  maxOutputTokens: 500,
  rpm: 5,
  concurrent: 2,
  tokensPerDay: 1000,
  embedRpm: 4,
  embedConcurrent: 2,
  embedTokensPerDay: 800,
  embedHostRpm: 10,
  // Long enough for a line of three browser pages to move up by signals, not by racing the clock:
  // the first of three pages timed out while the third was still being sent with 8 s on a machine
  // loaded far beyond its two cores, and with 15 s beside a CPU hog.
  queueTimeoutMs: 30_000,
} as const;

/**
 * Both instances' grace period for resumable answers: short, so the cross-instance resume specs
 * can outlast it (a reader on B keeps A generating) without waiting the default 30 s, and long
 * enough for a page to reattach on the other instance on a loaded machine (2 s was not, with the
 * machine far beyond its two cores: the answer was ended as abandoned meanwhile).
 */
export const LIMITS_RESUME_GRACE_MS = 5000;

/** An allowed embedder used only by API specs (the per-site cap), never by a page. */
export const CAP_HOST_ORIGIN = 'https://cap.example.test';

/** A provider with one stream at a time (admission control), serving the vLLM scenarios. */
export const QUEUED_PROVIDER = 'queued';
/** Signs this stack's embed passes (no sign-in method: the server stays open). */
export const LIMITS_AUTH_SECRET = 'limits-auth-secret-0123456789-abcdefghijklmn';

/** Models the widget may use on this stack. */
export const EMBED_MODELS = ['vllm:chat', 'vllm:slow'];

/** Writes this stack's providers file: the usual one plus the queued provider. */
export function writeLimitsProvidersFile(scenarioURL = SCENARIO_URL, dir = '.runnel'): string {
  mkdirSync(dir, { recursive: true });
  const providers = JSON.parse(
    readFileSync('e2e/providers.e2e.json', 'utf8').replaceAll('http://127.0.0.1:4010', scenarioURL),
  ) as unknown[];
  providers.push({
    id: QUEUED_PROVIDER,
    label: 'Queued vLLM (scenarios)',
    baseURL: `${scenarioURL}/v1`,
    apiKeyEnv: 'E2E_VLLM_KEY',
    preset: 'vllm',
    maxConcurrentStreams: 1,
    // Its load as the backend publishes it (vLLM's gauges, served by the scenario backend).
    metricsURL: `${scenarioURL}/metrics`,
  });
  const path = join(dir, `providers-limits-${new URL(scenarioURL).port}.json`);
  writeStackFile(path, JSON.stringify(providers, null, 2));
  return path;
}

/** Environment of instances A and B. */
export function limitsEnv(providersFile: string, redisURL = REDIS_URL): Record<string, string> {
  return {
    ...APP_ENV,
    PROVIDERS_FILE: providersFile,
    REDIS_URL: redisURL,
    MAX_OUTPUT_TOKENS: String(LIMITS.maxOutputTokens),
    // A title request would spend the minute's requests the limits specs count.
    TITLE_MODEL: 'off',
    RATE_LIMIT_RPM: String(LIMITS.rpm),
    RATE_LIMIT_CONCURRENT: String(LIMITS.concurrent),
    RATE_LIMIT_TOKENS_PER_DAY: String(LIMITS.tokensPerDay),
    EMBED_RATE_LIMIT_RPM: String(LIMITS.embedRpm),
    EMBED_RATE_LIMIT_CONCURRENT: String(LIMITS.embedConcurrent),
    EMBED_RATE_LIMIT_TOKENS_PER_DAY: String(LIMITS.embedTokensPerDay),
    EMBED_RATE_LIMIT_HOST_RPM: String(LIMITS.embedHostRpm),
    EMBED_MODELS: EMBED_MODELS.join(','),
    QUEUE_TIMEOUT_MS: String(LIMITS.queueTimeoutMs),
    RESUME_GRACE_MS: String(LIMITS_RESUME_GRACE_MS),
    EMBED_ALLOWED_ORIGINS: `${APP_ENV.EMBED_ALLOWED_ORIGINS},${CAP_HOST_ORIGIN}`,
    // Signs the widget's pass, which names the site a visitor's requests are charged to.
    AUTH_SECRET: LIMITS_AUTH_SECRET,
  };
}
