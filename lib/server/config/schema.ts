import 'server-only';

import { z } from 'zod';
import type { ModelKind } from '../../protocol/api-shapes';
import { optionalText, positiveInt, url } from './env-values';
import { limitsEnvSchema, redisSecrets, toLimitsConfig, type LimitsConfig } from './limits-schema';
import { buildOpsConfig, opsEnvSchema, type OpsConfig } from './ops-schema';
import { resumeEnvSchema, toResumeConfig, type ResumeConfig } from './resume-schema';
import {
  missingWidgetModels,
  toTrafficConfig,
  trafficEnvSchema,
  type TrafficConfig,
} from './traffic-schema';

const PRESET_IDS = ['vllm', 'openai', 'ark', 'acs', 'tai', 'llamacpp'] as const;
export type PresetId = (typeof PRESET_IDS)[number];
/** Presets whose provider can keep a conversation between requests (providers.ts `sessions`). */
export const PRESETS_WITH_SESSIONS: readonly PresetId[] = ['ark'];

export type { ModelKind };

/** A model named in configuration rather than (or on top of) the backend's `/models`. */
export interface ConfiguredModel {
  id: string;
  label?: string;
  kind?: ModelKind;
  vision?: boolean;
  reasoning?: boolean;
}

export interface ProviderConfig {
  id: string;
  label: string;
  /** The first (or only) address; what is shown when a provider is named by one address. */
  baseURL: string;
  /** Every replica serving this provider's models (`baseURLs`, `OPENAI_BASE_URLS`); ≥ 1. */
  baseURLs: string[];
  /** Never leaves the server. */
  apiKey?: string;
  preset: PresetId;
  models: ConfiguredModel[];
  /** `MODELS` in single-provider mode is an allowlist; a providers file's `models` only add. */
  modelsAreAllowlist: boolean;
  /**
   * Keep conversations on the provider between requests (its preset must know how: ARK's
   * `ark_stateful`); `maxTokens` is the most a session may hold (default: the model's context).
   */
  statefulSessions?: { maxTokens?: number };
  /** Streams at once to this backend (`maxConcurrentStreams`, else `MAX_CONCURRENT_STREAMS`). */
  maxConcurrentStreams?: number;
}

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

const modelEntrySchema = z.union([
  z.string().min(1),
  z
    .object({
      id: z.string().min(1),
      label: z.string().optional(),
      kind: z.enum(['chat', 'completion']).optional(),
      vision: z.boolean().optional(),
      reasoning: z.boolean().optional(),
    })
    .strict(),
]);

const providersFileSchema = z
  .array(
    z
      .object({
        id: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only'),
        label: z.string().min(1),
        baseURL: url.optional(),
        /** Replicas serving the same models; instead of `baseURL`. */
        baseURLs: z.array(url).min(1).optional(),
        apiKeyEnv: z.string().optional(),
        preset: z.enum(PRESET_IDS).default('vllm'),
        models: z.array(modelEntrySchema).optional(),
        statefulSessions: z.boolean().optional(),
        maxSessionTokens: z.number().int().min(1).optional(),
        maxConcurrentStreams: z.number().int().positive().optional(),
      })
      .strict()
      .refine((p) => (p.baseURL === undefined) !== (p.baseURLs === undefined), {
        message: 'give either baseURL or baseURLs',
        path: ['baseURL'],
      }),
  )
  .min(1);

/** `id` or `id=completion` (or `id=chat`), as in `MODELS`. */
function parseModelEntry(entry: z.infer<typeof modelEntrySchema>): ConfiguredModel {
  if (typeof entry !== 'string') return { ...entry };
  const [id = '', kind] = entry.split('=').map((s) => s.trim());
  return kind === 'completion' || kind === 'chat' ? { id, kind } : { id };
}

function parseModelList(list: string | undefined): ConfiguredModel[] {
  if (!list) return [];
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseModelEntry);
}

/** Thrown for configuration that cannot work; its message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** One line per zod issue, each naming its variable. */
export function formatIssues(prefix: string, error: z.ZodError): string {
  return error.issues
    .map((i) => `${prefix}${i.path.length ? i.path.join('.') : ''}: ${i.message}`)
    .join('; ');
}

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
  const maxStreams = (own?: number) => {
    const n = own ?? limits.maxConcurrentStreams;
    return n ? { maxConcurrentStreams: n } : {};
  };
  let providers: ProviderConfig[];
  if (e.PROVIDERS_FILE) {
    let json: unknown;
    try {
      json = JSON.parse(readProvidersFile(e.PROVIDERS_FILE));
    } catch (err) {
      throw new ConfigError(
        `PROVIDERS_FILE (${e.PROVIDERS_FILE}) could not be read as JSON: ${(err as Error).message}`,
      );
    }
    const file = providersFileSchema.safeParse(json);
    if (!file.success)
      throw new ConfigError(`Invalid PROVIDERS_FILE: ${formatIssues('providers.', file.error)}`);
    const ids = new Set<string>();
    providers = file.data.map((p) => {
      if (ids.has(p.id)) throw new ConfigError(`PROVIDERS_FILE: duplicate provider id "${p.id}"`);
      ids.add(p.id);
      const apiKey = p.apiKeyEnv ? env[p.apiKeyEnv]?.trim() || undefined : undefined;
      const baseURLs = p.baseURLs ?? (p.baseURL ? [p.baseURL] : []);
      return {
        id: p.id,
        label: p.label,
        baseURL: baseURLs[0]!,
        baseURLs,
        ...(apiKey ? { apiKey } : {}),
        preset: p.preset,
        models: (p.models ?? []).map(parseModelEntry),
        modelsAreAllowlist: false,
        ...statefulSessionsOf(p),
        ...maxStreams(p.maxConcurrentStreams),
      };
    });
  } else {
    const baseURLs = singleProviderURLs(env, e.OPENAI_BASE_URL, e.OPENAI_BASE_URLS);
    providers = [
      {
        id: e.PROVIDER_PRESET,
        label: e.PROVIDER_PRESET,
        baseURL: baseURLs[0]!,
        baseURLs,
        ...(e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY } : {}),
        preset: e.PROVIDER_PRESET,
        models: parseModelList(e.MODELS),
        modelsAreAllowlist: Boolean(e.MODELS),
        ...maxStreams(),
      },
    ];
  }
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

/** `OPENAI_BASE_URLS` (replicas) or `OPENAI_BASE_URL`; both at once is a mistake worth naming. */
function singleProviderURLs(
  env: Record<string, string | undefined>,
  single: string,
  list: string | undefined,
): string[] {
  if (!list) return [single];
  if (env.OPENAI_BASE_URL?.trim()) {
    throw new ConfigError(
      'Invalid configuration: OPENAI_BASE_URLS: set either OPENAI_BASE_URL or OPENAI_BASE_URLS, not both',
    );
  }
  const urls = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = z.array(url).min(1).safeParse(urls);
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid configuration: OPENAI_BASE_URLS: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return [...new Set(parsed.data)];
}

/** A provider's `statefulSessions`, refused for presets that have no sessions. */
function statefulSessionsOf(p: z.infer<typeof providersFileSchema>[number]) {
  if (!p.statefulSessions) return {};
  if (!PRESETS_WITH_SESSIONS.includes(p.preset))
    throw new ConfigError(
      `PROVIDERS_FILE: provider "${p.id}": statefulSessions needs a preset with sessions (${PRESETS_WITH_SESSIONS.join(', ')}), not "${p.preset}"`,
    );
  const maxTokens = p.maxSessionTokens;
  return { statefulSessions: maxTokens ? { maxTokens } : {} };
}

/** Every secret in the configuration, for redaction. */
export function configSecrets(config: RunnelConfig): string[] {
  return [
    ...config.providers.flatMap((p) => (p.apiKey ? [p.apiKey] : [])),
    ...redisSecrets(config.limits),
    ...(config.ops.metricsToken ? [config.ops.metricsToken] : []),
  ];
}
