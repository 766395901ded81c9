import 'server-only';

import { z } from 'zod';
import { ConfigError, formatIssues } from './config-error';
import { optionalText, positiveInt, url } from './env-values';
import { buildProviders, PRESET_IDS, type ProviderConfig } from './providers-config';
import { limitsEnvSchema, redisSecrets, toLimitsConfig, type LimitsConfig } from './limits-schema';
import { buildOpsConfig, opsEnvSchema, type OpsConfig } from './ops-schema';
import { resumeEnvSchema, toResumeConfig, type ResumeConfig } from './resume-schema';
import {
  missingWidgetModels,
  toTrafficConfig,
  trafficEnvSchema,
  type TrafficConfig,
} from './traffic-schema';

export interface RunnelConfig {
  providers: ProviderConfig[];
  /** True when PROVIDERS_FILE is used: model ids are then `<provider>:<model>`. */
  multiProvider: boolean;
  defaultModel?: string;
  maxOutputTokens: number;
  maxRequestBytes: number;
  upstreamHeadersTimeoutMs: number;
  upstreamIdleTimeoutMs: number;
  keepaliveIntervalMs: number;
  systemPrompt?: string;
  /** Rate limits, admission and shared state (`lib/server/config/limits-schema.ts`). */
  limits: LimitsConfig;
  /** Metrics, logging and shutdown (`lib/server/config/ops-schema.ts`). */
  ops: OpsConfig;
  /** Resumable answers (`lib/server/config/resume-schema.ts`). */
  resume: ResumeConfig;
  /** Body caps for visitors and which image URLs may be forwarded (`traffic-schema.ts`). */
  traffic: TrafficConfig;
}

/**
 * Node's fetch (undici) gives up on its own after 300 s without headers or body bytes, so longer
 * upstream timeouts could not be honoured: refuse them rather than pretend.
 */
const NODE_FETCH_TIMEOUT_MS = 300_000;

export const envSchema = z.object({
  OPENAI_BASE_URL: url.default('http://localhost:8000/v1'),
  OPENAI_API_KEY: optionalText,
  PROVIDER_PRESET: z.enum(PRESET_IDS).default('vllm'),
  DEFAULT_MODEL: optionalText,
  MODELS: optionalText,
  PROVIDERS_FILE: optionalText,
  MAX_OUTPUT_TOKENS: positiveInt(4096),
  MAX_REQUEST_BYTES: positiveInt(8 * 1024 * 1024),
  UPSTREAM_HEADERS_TIMEOUT_MS: positiveInt(60_000, NODE_FETCH_TIMEOUT_MS),
  UPSTREAM_IDLE_TIMEOUT_MS: positiveInt(180_000, NODE_FETCH_TIMEOUT_MS),
  KEEPALIVE_INTERVAL_MS: positiveInt(15_000),
  SYSTEM_PROMPT: optionalText,
  /** Who may frame `/embed` (docs/embedding.md); parsed by `parseEmbedAllowedOrigins`. */
  EMBED_ALLOWED_ORIGINS: optionalText,
  /** Replicas of the single provider, comma-separated; instead of OPENAI_BASE_URL. */
  OPENAI_BASE_URLS: optionalText,
  ...opsEnvSchema.shape,
});

/**
 * Builds the configuration from an environment record and, when PROVIDERS_FILE is set, that file's
 * text (read by the caller). Pure, so every rule is unit-tested.
 */
export function buildConfig(
  env: Record<string, string | undefined>,
  readProvidersFile: (path: string) => string,
): RunnelConfig {
  const parsed = envSchema
    .extend(limitsEnvSchema.shape)
    .extend(resumeEnvSchema.shape)
    .extend(trafficEnvSchema.shape)
    .safeParse(env);
  if (!parsed.success)
    throw new ConfigError(`Invalid configuration: ${formatIssues('', parsed.error)}`);
  const e = parsed.data;
  const unsafeWidget = missingWidgetModels(env);
  if (unsafeWidget) throw new ConfigError(unsafeWidget);
  const limits = toLimitsConfig(e);
  const providers = buildProviders(env, e, readProvidersFile, limits.maxConcurrentStreams);
  return {
    providers,
    multiProvider: Boolean(e.PROVIDERS_FILE),
    ...(e.DEFAULT_MODEL ? { defaultModel: e.DEFAULT_MODEL } : {}),
    maxOutputTokens: e.MAX_OUTPUT_TOKENS,
    maxRequestBytes: e.MAX_REQUEST_BYTES,
    upstreamHeadersTimeoutMs: e.UPSTREAM_HEADERS_TIMEOUT_MS,
    upstreamIdleTimeoutMs: e.UPSTREAM_IDLE_TIMEOUT_MS,
    keepaliveIntervalMs: e.KEEPALIVE_INTERVAL_MS,
    ...(e.SYSTEM_PROMPT ? { systemPrompt: e.SYSTEM_PROMPT } : {}),
    limits,
    ops: buildOpsConfig(e),
    resume: toResumeConfig(e),
    traffic: toTrafficConfig(e),
  };
}

/** Every secret in the configuration, for redaction. */
export function configSecrets(config: RunnelConfig): string[] {
  return [
    ...config.providers.flatMap((p) => (p.apiKey ? [p.apiKey] : [])),
    ...redisSecrets(config.limits),
    ...(config.ops.metricsToken ? [config.ops.metricsToken] : []),
  ];
}
