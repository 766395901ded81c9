/**
 * Paused readers: 20 clients start a very long answer (40 MB) and stop reading after 64 KiB, as
 * a browser tab that no longer reads. How much does the app's memory grow per paused client?
 */
import type { BackendProcess } from './processes';
import { rssBytes, sampleRss, startApp } from './processes';
import type { StandaloneApp } from '../../testing/stack/standalone';
import { routeBody, routeURL, type RouteKind } from './routes';
import { sleep } from './stats';
import { openStream } from './stream-client';
import { warmUp } from './load-phase';

const CLIENTS = 20;
const HOLD_MS = 8_000;

export interface PausedFigures {
  kind: RouteKind;
  clients: number;
  /** RSS growth per client that stopped reading a very long answer. */
  growthPerClient: number;
  /** The same for a client reading a slow answer normally: what a stream costs without a backlog. */
  readingGrowthPerClient: number;
  received: number;
}

/** RSS growth per client while `CLIENTS` streams of `scenario` are held open for HOLD_MS. */
async function growth(
  app: StandaloneApp,
  kind: RouteKind,
  scenario: string,
  pauseAfterBytes?: number,
) {
  const pid = app.process.pid!;
  const idle = rssBytes(pid);
  const sampler = sampleRss(pid);
  const streams = Array.from({ length: CLIENTS }, (_, i) =>
    openStream(routeURL(app, kind), routeBody(kind, scenario, `paused-${kind}-${i}`), {
      ...(pauseAfterBytes !== undefined ? { pauseAfterBytes } : {}),
    }),
  );
  await sleep(HOLD_MS);
  const peak = sampler.stop();
  for (const s of streams) s.destroy();
  const results = await Promise.all(streams.map((s) => s.done));
  return {
    perClient: Math.max(0, peak - idle) / CLIENTS,
    received: results.reduce((sum, r) => sum + r.bytes, 0) / CLIENTS,
  };
}

export async function pausedPhase(
  kind: RouteKind,
  backend: BackendProcess,
): Promise<PausedFigures> {
  const app = await startApp(backend);
  try {
    await warmUp(app, kind);
    // The control first: the same number of streams, read as they come (a slow answer).
    const reading = await growth(app, kind, 'load-stamped');
    await sleep(1_000);
    const paused = await growth(app, kind, 'load-long', 64 * 1024);
    return {
      kind,
      clients: CLIENTS,
      growthPerClient: paused.perClient,
      readingGrowthPerClient: reading.perClient,
      received: paused.received,
    };
  } finally {
    app.kill();
    await app.exited;
  }
}
