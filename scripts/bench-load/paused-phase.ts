/**
 * Paused readers: 20 clients start a very long answer (40 MB) and stop reading after 64 KiB, as
 * a browser tab that no longer reads. How much does the app's memory grow per paused client?
 */
import type { BackendProcess } from './processes';
import { rssBytes, sampleRss, startApp } from './processes';
import { routeBody, routeURL, type RouteKind } from './routes';
import { sleep } from './stats';
import { openStream } from './stream-client';
import { warmUp } from './load-phase';

const CLIENTS = 20;
const HOLD_MS = 8_000;

export interface PausedFigures {
  kind: RouteKind;
  clients: number;
  growthPerClient: number;
  received: number;
}

export async function pausedPhase(
  kind: RouteKind,
  backend: BackendProcess,
): Promise<PausedFigures> {
  const app = await startApp(backend);
  try {
    await warmUp(app, kind);
    const pid = app.process.pid!;
    const idle = rssBytes(pid);
    const sampler = sampleRss(pid);
    const streams = Array.from({ length: CLIENTS }, (_, i) =>
      openStream(routeURL(app, kind), routeBody(kind, 'load-long', `paused-${kind}-${i}`), {
        pauseAfterBytes: 64 * 1024,
      }),
    );
    await sleep(HOLD_MS);
    const peak = sampler.stop();
    for (const s of streams) s.destroy();
    const results = await Promise.all(streams.map((s) => s.done));
    return {
      kind,
      clients: CLIENTS,
      growthPerClient: Math.max(0, peak - idle) / CLIENTS,
      received: results.reduce((sum, r) => sum + r.bytes, 0) / CLIENTS,
    };
  } finally {
    app.kill();
    await app.exited;
  }
}
