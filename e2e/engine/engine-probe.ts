/**
 * What the engine itself says: its slots (`/slots`: which are busy, how far each has got) and its
 * Prometheus counters (`/metrics`). The engine specs judge Runnel by these, never by
 * Runnel's own account.
 */
import { Worker } from 'node:worker_threads';
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
 * The slot watcher's pause between polls, so that the watch adds little to what it measures: each
 * `/slots` answer carries every slot's prompt and is written by the engine's loop between steps.
 * Polled without a pause on a loaded machine, one answer took 90 ms.
 */
const SLOT_WATCH_PAUSE_MS = 5;

/**
 * The slot watcher's own thread: it polls `/slots` and posts `ready` after its first answer, then
 * the moment (an epoch time) of the first answer that shows the slot idle.
 */
const SLOT_WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const { slotsURL, id, timeoutMs, pauseMs } = workerData;
const now = () => performance.timeOrigin + performance.now();
(async () => {
  const started = now();
  for (let first = true; ; first = false) {
    const slots = await (await fetch(slotsURL)).json();
    const at = now();
    if (!slots.some((s) => s.id === id && s.is_processing)) return parentPort.postMessage({ idleAt: at });
    if (first) parentPort.postMessage({ ready: true });
    if (at - started > timeoutMs) return parentPort.postMessage({ error: 'slot ' + id + ' never went idle' });
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * Starts watching slot `id` from a thread of its own, and resolves once the watch is under way
 * (the slot still busy) with `idleAt`: the moment (an `epochNow()` time) of the first answer that
 * shows it idle. Polls in the test's own thread went quiet for 90–200 ms around the click on a
 * loaded machine, while Playwright clicked (seen on the wire: no poll between the last busy answer,
 * before the click, and the next one), so the moment of release could be counted late by as much.
 */
export async function watchSlotIdle(
  id: number,
  timeoutMs = 30_000,
): Promise<{ idleAt: Promise<number> }> {
  const worker = new Worker(SLOT_WATCHER, {
    eval: true,
    workerData: { slotsURL: `${ENGINE_ORIGIN}/slots`, id, timeoutMs, pauseMs: SLOT_WATCH_PAUSE_MS },
  });
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const idleAt = new Promise<number>((resolve, reject) => {
    worker.on('message', (message: { ready?: true; idleAt?: number; error?: string }) => {
      if (message.ready) return ready();
      ready();
      void worker.terminate();
      if (message.idleAt !== undefined) resolve(message.idleAt);
      else reject(new Error(message.error));
    });
    worker.on('error', (error) => {
      ready();
      reject(error);
    });
  });
  await started;
  return { idleAt };
}
