import 'server-only';

import { z } from 'zod';
import type { ModelKind } from '../../protocol/api-shapes';
import { ConfigError, formatIssues } from './config-error';
import { url } from './env-values';
import {
  gpuCostOf,
  gpuFields,
  tokenPriceSchema,
  type GpuCost,
  type TokenPrice,
} from './price-config';

/**
 * The backends: one from `OPENAI_BASE_URL(S)`, `OPENAI_API_KEY`, `PROVIDER_PRESET` and `MODELS`, or
 * several from `PROVIDERS_FILE`, each with its preset, models, replicas and stream cap.
 */

export const PRESET_IDS = ['vllm', 'openai', 'ark', 'acs', 'tai', 'llamacpp'] as const;
export type PresetId = (typeof PRESET_IDS)[number];
/** Presets whose provider can keep a conversation between requests (providers.ts `sessions`). */
export const PRESETS_WITH_SESSIONS: readonly PresetId[] = ['ark'];

/** A model named in configuration rather than (or on top of) the backend's `/models`. */
export interface ConfiguredModel {
  id: string;
  label?: string;
  kind?: ModelKind;
  vision?: boolean;
  reasoning?: boolean;
  /** Its chat template opens `<think>` in the prompt (model-info.ts `thinksFirst`). */
  thinkPrefilled?: boolean;
  /** This model's token prices, over its provider's `price`. */
  price?: TokenPrice;
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
  /**
   * Where the backend publishes its load in Prometheus' text format (vLLM's and llama.cpp's
   * `/metrics`): requests running and waiting, told to answers waiting in line and in health.
   */
  metricsURL?: string;
  /** Token prices of the provider's models that set none of their own. */
  price?: TokenPrice;
  /** A self-hosted backend's GPUs (`gpuHourly`, `gpus`), in `price.currency`. */
  gpu?: GpuCost;
}

const modelEntrySchema = z.union([
  z.string().min(1),
  z
    .object({
      id: z.string().min(1),
      label: z.string().optional(),
      kind: z.enum(['chat', 'completion']).optional(),
      vision: z.boolean().optional(),
      reasoning: z.boolean().optional(),
      thinkPrefilled: z.boolean().optional(),
      price: tokenPriceSchema.optional(),
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
        metricsURL: url.optional(),
        price: tokenPriceSchema.optional(),
        ...gpuFields,
      })
      .strict()
      .refine((p) => p.gpuHourly === undefined || p.price !== undefined, {
        message: "needs the provider's price.currency (the currency a GPU-hour is paid in)",
        path: ['gpuHourly'],
      })
      .refine((p) => p.gpus === undefined || p.gpuHourly !== undefined, {
        message: 'gpus needs gpuHourly (the cost of one GPU-hour)',
        path: ['gpus'],
      })
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

/** The settings a provider is built from (validated by the environment's schema). */
interface ProviderSettings {
  PROVIDERS_FILE?: string | undefined;
  OPENAI_BASE_URL: string;
  OPENAI_BASE_URLS?: string | undefined;
  OPENAI_API_KEY?: string | undefined;
  PROVIDER_PRESET: PresetId;
  MODELS?: string | undefined;
}

/**
 * The providers, from `PROVIDERS_FILE` (its text read by the caller) or the single-provider
 * variables. `defaultMaxStreams` is `MAX_CONCURRENT_STREAMS`, for providers that set no cap.
 */
export function buildProviders(
  env: Record<string, string | undefined>,
  e: ProviderSettings,
  readProvidersFile: (path: string) => string,
  defaultMaxStreams: number | undefined,
): ProviderConfig[] {
  const maxStreams = (own?: number) => {
    const n = own ?? defaultMaxStreams;
    return n ? { maxConcurrentStreams: n } : {};
  };
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
    return file.data.map((p) => {
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
        ...(p.metricsURL ? { metricsURL: p.metricsURL } : {}),
        ...pricesOf(p),
      };
    });
  } else {
    const baseURLs = singleProviderURLs(env, e.OPENAI_BASE_URL, e.OPENAI_BASE_URLS);
    return [
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

/**
 * A provider's prices. With GPUs, every model's prices must be in the GPUs' currency: an answer's
 * cost is one amount, and Runnel converts no currencies.
 */
function pricesOf(p: z.infer<typeof providersFileSchema>[number]) {
  const gpu = gpuCostOf(p);
  if (gpu.gpu && p.price) {
    for (const m of p.models ?? []) {
      if (typeof m !== 'string' && m.price && m.price.currency !== p.price.currency)
        throw new ConfigError(
          `PROVIDERS_FILE: provider "${p.id}": model "${m.id}": price.currency ${m.price.currency} differs from the provider's ${p.price.currency}, the currency of its gpuHourly`,
        );
    }
  }
  return { ...(p.price ? { price: p.price } : {}), ...gpu };
}
