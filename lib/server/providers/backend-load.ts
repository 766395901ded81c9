import 'server-only';

import type { ProviderConfig } from '../config/providers-config';
import { createHealthCache, type HealthCache } from './health-cache';

/** What a backend's own metrics say about its load. */
export interface BackendLoad {
  running: number;
  waiting: number;
}

/** A backend's metrics that take longer than this are not worth a waiting answer's time. */
const METRICS_TIMEOUT_MS = 1_000;
/** The most of a metrics page read: vLLM's is tens of KB; anything far larger is not one. */
const MAX_METRICS_BYTES = 1024 * 1024;

/** The gauges each engine publishes for requests running and waiting. */
const RUNNING = ['vllm:num_requests_running', 'llamacpp:requests_processing'];
const WAITING = ['vllm:num_requests_waiting', 'llamacpp:requests_deferred'];

/**
 * Requests running and waiting from a Prometheus text page (vLLM's or llama.cpp's `/metrics`),
 * summed over label sets (vLLM labels by model). Undefined when the page has neither gauge.
 */
export function parseBackendLoad(text: string): BackendLoad | undefined {
  let running: number | undefined;
  let waiting: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([A-Za-z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const value = Number(match[2]);
    if (!Number.isFinite(value)) continue;
    if (RUNNING.includes(match[1]!)) running = (running ?? 0) + value;
    else if (WAITING.includes(match[1]!)) waiting = (waiting ?? 0) + value;
  }
  if (running === undefined && waiting === undefined) return undefined;
  return { running: Math.round(running ?? 0), waiting: Math.round(waiting ?? 0) };
}

async function fetchLoad(url: string, fetcher: typeof fetch): Promise<BackendLoad | undefined> {
  try {
    const res = await fetcher(url, {
      signal: AbortSignal.timeout(METRICS_TIMEOUT_MS),
      redirect: 'manual',
      headers: { accept: 'text/plain' },
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return undefined;
    }
    const declared = Number(res.headers.get('content-length'));
    if (declared > MAX_METRICS_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      return undefined;
    }
    const text = await res.text();
    return text.length > MAX_METRICS_BYTES ? undefined : parseBackendLoad(text);
  } catch {
    // Unreachable, too slow or not metrics: the wait is told without the backend's load.
    return undefined;
  }
}

const caches = new Map<string, HealthCache<BackendLoad | undefined>>();

/**
 * The load of a provider that names a `metricsURL`, read at most every 2 s however many answers
 * wait (one read for all at once); undefined without one, or when it does not answer in time.
 */
export function readBackendLoad(
  provider: ProviderConfig,
  fetcher: typeof fetch = fetch,
): Promise<BackendLoad | undefined> {
  const url = provider.metricsURL;
  if (!url) return Promise.resolve(undefined);
  let cache = caches.get(provider.id);
  if (!cache) {
    cache = createHealthCache(() => fetchLoad(url, fetcher));
    caches.set(provider.id, cache);
  }
  return cache.fresh();
}
