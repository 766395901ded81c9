import { APP_URL } from '../../testing/stack/ports';
import { E2E_KEYS } from '../../testing/stack/keys';

/**
 * One counter of the main app's `/api/metrics` (0 when the series does not exist yet): the
 * series whose labels include every one of `labels`.
 */
export async function metricValue(name: string, labels: Record<string, string>): Promise<number> {
  const res = await fetch(`${APP_URL}/api/metrics`, {
    headers: { authorization: `Bearer ${E2E_KEYS.metrics}` },
  });
  if (!res.ok) throw new Error(`GET /api/metrics answered ${res.status}`);
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

/** The thumbs given on `surface` to `model`'s answers, as counted: up, down and withdrawn. */
export async function feedbackCounts(
  model: string,
  surface: 'chat' | 'widget',
): Promise<{ up: number; down: number; withdrawnUp: number }> {
  const base = { model, surface };
  return {
    up: await metricValue('runnel_answer_feedback_total', { ...base, rating: 'up' }),
    down: await metricValue('runnel_answer_feedback_total', { ...base, rating: 'down' }),
    withdrawnUp: await metricValue('runnel_answer_feedback_withdrawn_total', {
      ...base,
      rating: 'up',
    }),
  };
}
