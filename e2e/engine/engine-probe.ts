/**
 * What the engine itself says: its slots (`/slots`: which are busy, how far each has got) and its
 * Prometheus counters (`/metrics`). The engine specs judge Runnel by these, never by
 * Runnel's own account.
 */
import { ENGINE_ORIGIN } from '../../testing/stack/engine-stack';

export interface EngineSlot {
  id: number;
  is_processing: boolean;
  n_prompt_tokens_processed?: number;
  n_prompt_tokens_cache?: number;
  next_token?: { n_decoded: number }[];
}

export async function engineSlots(): Promise<EngineSlot[]> {
  const response = await fetch(`${ENGINE_ORIGIN}/slots`);
  if (!response.ok) throw new Error(`/slots answered ${response.status}`);
  return (await response.json()) as EngineSlot[];
}

export const decoded = (slot: EngineSlot | undefined) => slot?.next_token?.[0]?.n_decoded ?? 0;

/** `llamacpp:*` counters and gauges by name (without the prefix). */
export async function engineMetrics(): Promise<Record<string, number>> {
  const text = await (await fetch(`${ENGINE_ORIGIN}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^llamacpp:(\w+) ([\d.e+-]+)$/.exec(line);
    if (match) out[match[1]!] = Number(match[2]);
  }
  return out;
}

/** Now, in milliseconds since the epoch, as precise as `performance` (comparable with a page's). */
export const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Polls the slots until `done` holds, as fast as the engine answers (each `/slots` is served by
 * the engine's loop between two decoding steps), and returns how long it took from `since`
 * (an `epochNow()` time).
 */
export async function pollSlots(
  done: (slots: EngineSlot[]) => boolean,
  since = epochNow(),
  timeoutMs = 30_000,
): Promise<number> {
  for (;;) {
    const slots = await engineSlots();
    const elapsed = epochNow() - since;
    if (done(slots)) return elapsed;
    if (elapsed > timeoutMs)
      throw new Error(`engine slots never got there: ${JSON.stringify(slots)}`);
  }
}

/**
 * Waits until a slot (other than those in `others`) is still reading its prompt (`'prompt'`), or
 * has written at least `minDecoded` tokens of its answer (`'decode'`), and returns its id. The
 * engine specs run one at a time, so a busy slot is the test's own request.
 */
export async function waitBusySlot(
  phase: 'prompt' | 'decode',
  { minDecoded = 1, others = [] as number[] } = {},
): Promise<number> {
  let id = -1;
  await pollSlots((slots) => {
    const slot = slots.find(
      (s) =>
        s.is_processing &&
        !others.includes(s.id) &&
        (phase === 'decode' ? decoded(s) >= minDecoded : decoded(s) === 0),
    );
    id = slot?.id ?? -1;
    return slot !== undefined;
  });
  return id;
}

/** Time from `since` (an `epochNow()` time) until slot `id` has stopped. */
export function waitSlotIdle(id: number, since: number): Promise<number> {
  return pollSlots((slots) => !slots.some((s) => s.id === id && s.is_processing), since);
}

/**
 * Starts polling slot `id` now, before whatever is to stop it, and resolves with the moment (an
 * `epochNow()` time) of the first answer that shows it idle. A poll started only once the test
 * knew when Stop was clicked counted the test's own lag too: Playwright's click returning and the
 * page's clock being read took 10–100 ms on a loaded machine, during which the slot may already
 * have been idle.
 */
export async function watchSlotIdle(id: number, timeoutMs = 30_000): Promise<number> {
  const started = epochNow();
  for (;;) {
    const slots = await engineSlots();
    const at = epochNow();
    if (!slots.some((s) => s.id === id && s.is_processing)) return at;
    if (at - started > timeoutMs) throw new Error(`slot ${id} never went idle`);
  }
}
