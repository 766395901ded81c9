import 'server-only';

import type { ConfiguredModel, ProviderConfig } from '../config/providers-config';
import type { RunnelConfig } from '../config/schema';
import { asNumber, asObject, asString } from '../upstream/json-fields';
import { guessCapabilities, labelFor, type ResolvedModel } from './model-info';
import { PRESETS } from './presets';
import { afterNextPoll } from '../http/next-poll';

interface CatalogDeps {
  fetch: typeof fetch;
  now: () => number;
}

/** What the backend's `/models` said, or why it said nothing. */
type ListingResult =
  | { ok: true; models: { id: string; contextLength?: number }[] }
  | { ok: false; reachable: boolean; status?: number };

const CACHE_MS = 30_000;
const FAILURE_CACHE_MS = 3_000;
const LIST_TIMEOUT_MS = 5_000;

function authHeaders(provider: ProviderConfig): Record<string, string> {
  return provider.apiKey ? { Authorization: `Bearer ${provider.apiKey}` } : {};
}

/**
 * Fetches `{baseURL}/models` (the provider's first address unless another replica is named),
 * tolerating every shape seen in the wild.
 */
export async function fetchListing(
  provider: ProviderConfig,
  doFetch: typeof fetch,
  baseURL = provider.baseURL,
): Promise<ListingResult> {
  let response: Response;
  try {
    response = await doFetch(`${baseURL}/models`, {
      headers: authHeaders(provider),
      redirect: 'manual',
      signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, reachable: false };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, reachable: true, status: response.status };
  }
  try {
    const json = asObject(await response.json());
    const data = Array.isArray(json?.data)
      ? json.data
      : Array.isArray(json?.models)
        ? json.models
        : [];
    const models = data.flatMap((raw: unknown) => {
      const entry = asObject(raw);
      const id = asString(entry?.id) ?? asString(entry?.name) ?? asString(entry?.model);
      if (!id) return [];
      // llama.cpp's server gives each slot's context under `meta` (`n_ctx`).
      const contextLength =
        asNumber(entry?.max_model_len) ??
        asNumber(entry?.context_length) ??
        asNumber(entry?.context_window) ??
        asNumber(asObject(entry?.meta)?.n_ctx);
      return [{ id, ...(contextLength ? { contextLength } : {}) }];
    });
    return { ok: true, models };
  } catch {
    return { ok: false, reachable: true, status: response.status };
  }
}

function toModel(
  config: RunnelConfig,
  provider: ProviderConfig,
  upstreamId: string,
  configured: ConfiguredModel | undefined,
  contextLength: number | undefined,
): ResolvedModel {
  const guessed = guessCapabilities(upstreamId);
  const reasoning = configured?.reasoning ?? guessed.reasoning;
  const vision = configured?.vision ?? guessed.vision;
  const kind = configured?.kind ?? 'chat';
  return {
    id: config.multiProvider ? `${provider.id}:${upstreamId}` : upstreamId,
    upstreamId,
    label: configured?.label ?? labelFor(upstreamId),
    provider: provider.id,
    kind,
    ...(vision !== undefined ? { vision } : {}),
    ...(reasoning !== undefined ? { reasoning } : {}),
    ...(contextLength ? { context_length: contextLength } : {}),
    ...(provider.statefulSessions && kind === 'chat' ? { stateful_sessions: true } : {}),
    ...(PRESETS[provider.preset].creditUnit
      ? { credit_unit: PRESETS[provider.preset].creditUnit }
      : {}),
  };
}

/** The models of one provider: its listing merged with its configuration. */
function mergeModels(
  config: RunnelConfig,
  provider: ProviderConfig,
  listing: ListingResult,
): ResolvedModel[] {
  const configured = new Map(provider.models.map((m) => [m.id, m]));
  const listed = listing.ok ? listing.models : [];
  const out: ResolvedModel[] = [];
  const seen = new Set<string>();
  for (const entry of listed) {
    if (provider.modelsAreAllowlist && !configured.has(entry.id)) continue;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    out.push(toModel(config, provider, entry.id, configured.get(entry.id), entry.contextLength));
  }
  for (const entry of provider.models) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    out.push(toModel(config, provider, entry.id, entry, undefined));
  }
  return out;
}

/** Replicas serve the same models: the first one that answers tells. */
async function listingFromAnyReplica(
  provider: ProviderConfig,
  doFetch: typeof fetch,
): Promise<ListingResult> {
  let result: ListingResult = { ok: false, reachable: false };
  for (const baseURL of provider.baseURLs) {
    result = await fetchListing(provider, doFetch, baseURL);
    if (result.ok) return result;
  }
  return result;
}

/** A provider's last listing, and whether a new one is being fetched. */
interface CachedListing {
  at: number;
  ttl: number;
  result: Promise<ListingResult>;
  ok: boolean;
  refreshing?: boolean;
}

export type ResolveResult =
  { ok: true; model: ResolvedModel; provider: ProviderConfig } | { ok: false };

/**
 * The model catalog: each provider's `/models` (cached briefly) merged with configuration. A
 * backend without `/models` still works from configuration; a backend that cannot be reached is
 * not second-guessed: its requests go through and fail as `upstream_unreachable`.
 */
export function createCatalog(config: RunnelConfig, deps: CatalogDeps) {
  const cache = new Map<string, CachedListing>();
  /**
   * Each listing merged with its provider's configuration, once: a chat looks its model up in it
   * instead of merging again (a listing is kept 30 s and serves every chat meanwhile).
   */
  const merged = new WeakMap<ListingResult, Map<string, ResolvedModel>>();

  function modelsOf(provider: ProviderConfig, result: ListingResult): Map<string, ResolvedModel> {
    let models = merged.get(result);
    if (!models) {
      models = new Map(mergeModels(config, provider, result).map((m) => [m.upstreamId, m]));
      merged.set(result, models);
    }
    return models;
  }

  /**
   * The provider's listing. One that worked is served while the next is fetched (stale while
   * revalidating): a chat request never waits for `/models` once the backend has answered it
   * (every 30 s, one chat waited for the round trip: 2–7 ms on a loaded machine, in its time to
   * first token). Without one, or after a failure, the caller waits for the new listing.
   */
  function listing(provider: ProviderConfig): Promise<ListingResult> {
    const hit = cache.get(provider.id);
    if (hit && (hit.refreshing || deps.now() - hit.at < hit.ttl)) return hit.result;
    const stale = hit?.ok === true;
    // Served stale, the chat that asked goes first: its upstream request is started in this turn
    // and sent at the next poll, and the listing's own request (about 0.5 ms of CPU and a
    // connection) follows it instead of holding it back.
    const fresh = stale
      ? afterNextPoll().then(() => listingFromAnyReplica(provider, deps.fetch))
      : listingFromAnyReplica(provider, deps.fetch);
    const entry: CachedListing = hit ?? { at: 0, ttl: 0, result: fresh, ok: false };
    entry.refreshing = true;
    if (!stale) entry.result = fresh;
    cache.set(provider.id, entry);
    void fresh.then((r) => {
      Object.assign(entry, {
        at: deps.now(),
        ttl: r.ok ? CACHE_MS : FAILURE_CACHE_MS,
        result: fresh,
        ok: r.ok,
        refreshing: false,
      });
    });
    return entry.result;
  }

  async function list(): Promise<ResolvedModel[]> {
    const all = await Promise.all(
      config.providers.map(async (p) => [...modelsOf(p, await listing(p)).values()]),
    );
    return all.flat();
  }

  async function resolve(id: string): Promise<ResolveResult> {
    for (const provider of config.providers) {
      let upstreamId = id;
      if (config.multiProvider) {
        const prefix = `${provider.id}:`;
        if (!id.startsWith(prefix)) continue;
        upstreamId = id.slice(prefix.length);
      }
      if (!upstreamId) continue;
      const result = await listing(provider);
      const model = modelsOf(provider, result).get(upstreamId);
      if (model) return { ok: true, model, provider };
      if (!result.ok && !result.reachable && !provider.modelsAreAllowlist) {
        // Cannot check: let the request go, so the user hears that the backend is down.
        return {
          ok: true,
          model: { ...toModel(config, provider, upstreamId, undefined, undefined), unlisted: true },
          provider,
        };
      }
    }
    return { ok: false };
  }

  return { list, resolve };
}

export type Catalog = ReturnType<typeof createCatalog>;
