import type { ModelsResponse } from '@/lib/protocol/api-shapes';

/**
 * `GET /api/models` through the given fetch (the widget's carries its visitor id): the page's
 * query and the widget's loader share it, apart from either so the widget never loads the query
 * library.
 */
export async function fetchModels(apiFetch: typeof fetch): Promise<ModelsResponse> {
  const res = await apiFetch('/api/models', { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET /api/models answered HTTP ${res.status}`);
  return (await res.json()) as ModelsResponse;
}
