import type { ProviderConfig } from '../config/schema';
import { fetchListing } from './catalog';

export interface ProviderHealth {
  id: string;
  label: string;
  /** The backend's address with any credentials in it removed. */
  baseURL: string;
  reachable: boolean;
  /** HTTP status of `{baseURL}/models`, when the backend answered. */
  status?: number;
  latency_ms: number;
}

/** A URL safe to show: no `user:password@`, no query string (some gateways take keys there). */
export function displayURL(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}

/** Asks one backend for `/models` and times the answer. Any HTTP answer means reachable. */
export async function checkProvider(
  provider: ProviderConfig,
  deps: { fetch: typeof fetch; now: () => number },
): Promise<ProviderHealth> {
  const started = deps.now();
  const result = await fetchListing(provider, deps.fetch);
  const latency = Math.round(deps.now() - started);
  const status = result.ok ? 200 : result.status;
  return {
    id: provider.id,
    label: provider.label,
    baseURL: displayURL(provider.baseURL),
    reachable: result.ok || result.reachable,
    ...(status !== undefined ? { status } : {}),
    latency_ms: latency,
  };
}
