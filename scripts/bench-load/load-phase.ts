/**
 * N concurrent 10-second streams through one app process: errors, the delay from the backend's
 * write of each token to the client's read of it, and the app's peak RSS.
 */
import { countKernelEvents } from './kernel-counters';
import { liveMemory } from './memory';
import type { BackendProcess } from './processes';
import { rssBytes, sampleRss, startApp } from './processes';
import { routeBody, routeURL, type RouteKind } from './routes';
import { quantile, sleep } from './stats';
import { openStream, type StreamResult } from './stream-client';
import { LOAD_TOKENS } from '../../testing/scenario-backend/scenarios/load';
import type { StandaloneApp } from '../../testing/stack/standalone';

/** Streams are opened over this long, as users arrive (not all in one millisecond). */
const RAMP_MS = 2_000;
/** When every stream is open and none has ended: ramp + half an answer. */
const FULL_AT_MS = RAMP_MS + 5_000;

export interface LoadFigures {
  kind: RouteKind;
  streams: number;
  errors: number;
  /** What went wrong, by kind (`status 503`, `ECONNRESET`, `upstream_timeout`, `stamps missing`). */
  errorKinds: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  peakRss: number;
  idleRss: number;
  /**
   * Live memory (heap + off-heap after a forced GC) with every stream open, minus before; only in
   * a probing run (`probe`), whose delays are not counted: the forced collection pauses the app.
   */
  liveGrowth?: number;
  /** The kernel's TCP counters that moved meanwhile (accept-queue overflows, resets sent). */
  kernel: Record<string, number>;
}

/** A few short answers first, so the route is compiled and warm before it is measured. */
export async function warmUp(app: StandaloneApp, kind: RouteKind): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await openStream(routeURL(app, kind), routeBody(kind, 'chat', `warm-${i}`)).done;
  }
}

export async function loadPhase(
  kind: RouteKind,
  streams: number,
  backend: BackendProcess,
  probe = false,
): Promise<LoadFigures> {
  const app = await startApp(backend);
  try {
    await warmUp(app, kind);
    const pid = app.process.pid!;
    const idleLive = (await liveMemory(app)).live;
    const idleRss = rssBytes(pid);
    const kernel = countKernelEvents();
    const sampler = sampleRss(pid);
    const delays: number[] = [];
    const full = probe ? sleep(FULL_AT_MS).then(() => liveMemory(app)) : undefined;
    const results = await Promise.all(
      Array.from({ length: streams }, async (_, i) => {
        await sleep((i * RAMP_MS) / streams);
        const body = routeBody(kind, 'load-stamped', `load-${kind}-${i}`);
        return openStream(routeURL(app, kind), body, { delays }).done;
      }),
    );
    const peakRss = sampler.stop();
    const liveGrowth = full ? (await full).live - idleLive : undefined;
    const errorKinds: Record<string, number> = {};
    for (const r of results) {
      const what = errorKind(r);
      if (what) errorKinds[what] = (errorKinds[what] ?? 0) + 1;
    }
    return {
      kind,
      streams,
      errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
      errorKinds,
      p50: quantile(delays, 0.5),
      p99: quantile(delays, 0.99),
      max: quantile(delays, 1),
      peakRss,
      idleRss,
      ...(liveGrowth !== undefined ? { liveGrowth } : {}),
      kernel: kernel.stop(),
    };
  } finally {
    app.kill();
    await app.exited;
  }
}

/** Why a stream counts as an error, or undefined when it was a complete answer. */
function errorKind(r: StreamResult): string | undefined {
  if (r.failure) return r.failure;
  if (r.status !== 200) return `status ${r.status}`;
  if (r.errorCode) return r.errorCode;
  if (!r.complete) return 'incomplete';
  if (r.stamps !== LOAD_TOKENS) return 'stamps missing';
  return undefined;
}
