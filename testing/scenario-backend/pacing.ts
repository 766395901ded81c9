import { CONTROL_PREFIX } from './control-routes';

/**
 * Sets the scenario backend's delay between tokens for every answer from now on (`POST
 * /__control/settings`): 0 writes a whole answer at once, null goes back to each scenario's own
 * pace. Throws if the backend refuses, so a benchmark never measures the wrong pace.
 */
export async function setTokenDelay(
  backendURL: string,
  tokenDelayMs: number | null,
): Promise<void> {
  const res = await fetch(`${backendURL}${CONTROL_PREFIX}/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenDelayMs }),
  });
  if (!res.ok) throw new Error(`the scenario backend refused its settings (${res.status})`);
}
