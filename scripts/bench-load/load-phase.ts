/**
 * N concurrent 10-second streams through one app process: errors, the delay from the backend's
 * write of each token to the client's read of it, and the app's peak RSS.
 */
import type { BackendProcess } from './processes';
import { rssBytes, sampleRss, startApp } from './processes';
import { routeBody, routeURL, type RouteKind } from './routes';
import { quantile, sleep } from './stats';
import { openStream } from './stream-client';
import { LOAD_TOKENS } from '../../testing/scenario-backend/scenarios/load';
import type { StandaloneApp } from '../../testing/stack/standalone';

/** Streams are opened over this long, as users arrive (not all in one millisecond). */
const RAMP_MS = 2_000;

export interface LoadFigures {
  kind: RouteKind;
  streams: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  peakRss: number;
  idleRss: number;
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
): Promise<LoadFigures> {
  const app = await startApp(backend);
  try {
    await warmUp(app, kind);
    const pid = app.process.pid!;
    const idleRss = rssBytes(pid);
    const sampler = sampleRss(pid);
    const delays: number[] = [];
    const results = await Promise.all(
      Array.from({ length: streams }, async (_, i) => {
        await sleep((i * RAMP_MS) / streams);
        const body = routeBody(kind, 'load-stamped', `load-${kind}-${i}`);
        return openStream(routeURL(app, kind), body, { delays }).done;
      }),
    );
    const peakRss = sampler.stop();
    const errors = results.filter(
      (r) => r.status !== 200 || !r.complete || r.failure || r.stamps !== LOAD_TOKENS,
    ).length;
    return {
      kind,
      streams,
      errors,
      p50: quantile(delays, 0.5),
      p99: quantile(delays, 0.99),
      max: quantile(delays, 1),
      peakRss,
      idleRss,
    };
  } finally {
    app.kill();
    await app.exited;
  }
}
