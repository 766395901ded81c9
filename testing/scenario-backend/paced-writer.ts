/**
 * Executes a scenario's steps on an HTTP response: paces token frames on an
 * absolute schedule, batches several frames per timer tick at high rates,
 * emits keepalive comments during silence, honours back-pressure, and stops
 * the moment the client disconnects (the whole point of cancellation tests).
 */
import type { ServerResponse } from 'node:http';
import { nowMs } from './clock';
import { stepBytes } from './sse-format';
import type { Step, StreamOptions } from './types';

/** Default gap between token frames. */
const DEFAULT_TOKEN_DELAY_MS = 20;
/**
 * Timers cannot fire much more often than every few ms, so below this delay
 * the writer sleeps at least this long and writes every frame that fell due.
 */
const MIN_TICK_MS = 4;
/** With zero delay, yield to the event loop this often so close events are seen. */
const YIELD_EVERY = 256;

/** Callbacks the writer uses to report timing to the recorder. */
interface WriterHooks {
  onHeaders(): void;
  onFirstByte(): void;
  onServerDestroy(): void;
}

/** Writes SSE headers and runs `steps`; resolves when done or the client left. */
export async function runSteps(
  res: ServerResponse,
  plan: { steps: Step[] } & StreamOptions,
  delayOverride: number | null,
  hooks: WriterHooks,
): Promise<void> {
  const closed = new AbortController();
  res.once('close', () => closed.abort());
  const delay = Math.max(0, delayOverride ?? plan.tokenDelayMs ?? DEFAULT_TOKEN_DELAY_MS);
  const keepaliveMs = plan.keepaliveMs;
  const keepaliveFrame = stepBytes({ comment: plan.keepaliveComment ?? 'keepalive' }, plan);

  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  hooks.onHeaders();

  let buffer: (string | Uint8Array)[] = [];
  let lastByteAt = nowMs();
  let sentAny = false;
  let schedule = nowMs();
  let sinceYield = 0;

  const flush = async (): Promise<void> => {
    if (buffer.length === 0 || closed.signal.aborted) return;
    const data = buffer.length === 1 ? buffer[0]! : Buffer.concat(buffer.map(toBuffer));
    buffer = [];
    const ok = res.write(data);
    lastByteAt = nowMs();
    if (!sentAny) {
      sentAny = true;
      hooks.onFirstByte();
    }
    if (!ok) await waitForDrain(res, closed.signal);
  };

  /** Waits until `until` (may be Infinity), emitting keepalives; false if the client left. */
  const waitUntil = async (until: number): Promise<boolean> => {
    await flush();
    while (!closed.signal.aborted) {
      const now = nowMs();
      if (now >= until) return true;
      const kaDue = keepaliveMs !== undefined ? lastByteAt + keepaliveMs : Infinity;
      const wake = Math.min(until, kaDue);
      await sleep(wake - now, closed.signal);
      if (closed.signal.aborted) return false;
      if (keepaliveFrame !== null && nowMs() >= kaDue) {
        buffer.push(keepaliveFrame);
        await flush();
      }
    }
    return false;
  };

  for (const step of plan.steps) {
    if (closed.signal.aborted) return;
    if ('sleep' in step) {
      if (!(await waitUntil(nowMs() + step.sleep))) return;
      // Pacing restarts after a deliberate pause instead of bursting to catch up.
      schedule = nowMs();
      continue;
    }
    if ('hang' in step) {
      await waitUntil(Infinity);
      return;
    }
    if ('end' in step) {
      await flush();
      if (!closed.signal.aborted) res.end();
      return;
    }
    if ('destroy' in step) {
      await flush();
      hooks.onServerDestroy();
      res.destroy();
      return;
    }
    if ('chunk' in step && step.paced !== false && delay > 0) {
      schedule += delay;
      const now = nowMs();
      if (schedule > now) {
        const wake = Math.max(schedule, delay < MIN_TICK_MS ? now + MIN_TICK_MS : schedule);
        if (!(await waitUntil(wake))) return;
      }
    }
    const bytes = stepBytes(step, plan);
    if (bytes !== null) buffer.push(bytes);
    if (++sinceYield >= YIELD_EVERY) {
      sinceYield = 0;
      await flush();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  // A plan that runs out of steps ends the response normally.
  await flush();
  if (!closed.signal.aborted) res.end();
}

function toBuffer(part: string | Uint8Array): Uint8Array {
  return typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
}

/** Sleeps `ms` (Infinity allowed) or until `signal` aborts, whichever is first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      resolve();
    };
    const timer = Number.isFinite(ms)
      ? setTimeout(
          () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
          Math.max(0, ms),
        )
      : undefined;
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function waitForDrain(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    res.once('drain', done);
    signal.addEventListener('abort', done, { once: true });
  });
}
