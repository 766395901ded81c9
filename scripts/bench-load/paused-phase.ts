/**
 * Paused readers: 20 clients start a very long answer (40 MB) and stop reading after 64 KiB, as
 * a browser tab that no longer reads. How much does the app's memory grow per paused client?
 */
import { liveMemory } from './memory';
import type { BackendProcess } from './processes';
import { rssBytes, sampleRss, startApp } from './processes';
import type { StandaloneApp } from '../../testing/stack/standalone';
import { routeBody, routeURL, type RouteKind } from './routes';
import { sleep } from './stats';
import { openStream } from './stream-client';
import { warmUp } from './load-phase';
import { appBuffers, type AppBuffers } from './socket-queues';

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
  /** Live memory (heap + off-heap after a forced GC) growth per paused client. */
  liveGrowthPerClient: number;
  /** The same for a reading client (control). */
  readingLiveGrowthPerClient: number;
  /** Per paused client: kernel socket queues, and what the app read but has not written. */
  buffers: AppBuffers;
}

/** RSS growth per client while `CLIENTS` streams of `scenario` are held open for HOLD_MS. */
async function growth(
  app: StandaloneApp,
  backendPort: number,
  kind: RouteKind,
  scenario: string,
  pauseAfterBytes?: number,
) {
  const pid = app.process.pid!;
  const idleLive = (await liveMemory(app)).live;
  const idle = rssBytes(pid);
  const sampler = sampleRss(pid);
  const streams = Array.from({ length: CLIENTS }, (_, i) =>
    openStream(routeURL(app, kind), routeBody(kind, scenario, `paused-${kind}-${i}`), {
      ...(pauseAfterBytes !== undefined ? { pauseAfterBytes } : {}),
    }),
  );
  await sleep(HOLD_MS);
  const peak = sampler.stop();
  const buffers = appBuffers(app.port, backendPort);
  const live = (await liveMemory(app)).live;
  for (const s of streams) s.destroy();
  const results = await Promise.all(streams.map((s) => s.done));
  return {
    perClient: Math.max(0, peak - idle) / CLIENTS,
    livePerClient: (live - idleLive) / CLIENTS,
    buffers: {
      appSocketQueues: buffers.appSocketQueues / CLIENTS,
      peerSocketQueues: buffers.peerSocketQueues / CLIENTS,
      appHeld: buffers.appHeld / CLIENTS,
    },
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
    const backendPort = Number(new URL(backend.url).port);
    // The control first: the same number of streams, read as they come (a slow answer).
    const reading = await growth(app, backendPort, kind, 'load-stamped');
    await sleep(1_000);
    const paused = await growth(app, backendPort, kind, 'load-long', 64 * 1024);
    return {
      kind,
      clients: CLIENTS,
      growthPerClient: paused.perClient,
      readingGrowthPerClient: reading.perClient,
      received: paused.received,
      liveGrowthPerClient: paused.livePerClient,
      readingLiveGrowthPerClient: reading.livePerClient,
      buffers: paused.buffers,
    };
  } finally {
    app.kill();
    await app.exited;
  }
}
