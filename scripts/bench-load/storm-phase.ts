/**
 * An abort storm: 500 streams closed by their clients at a random moment within 3 s of their
 * first token. One second after the last abort, how many upstream connections does the backend
 * still see open?
 */
import type { BackendProcess } from './processes';
import { startApp } from './processes';
import { routeBody, routeURL, type RouteKind } from './routes';
import { sleep } from './stats';
import { openStream } from './stream-client';

const STREAMS = 500;
/** Streams are aborted at a random moment within 3 s of their first token. */
const START_LIMIT_MS = 60_000;

export interface StormFigures {
  kind: RouteKind;
  streams: number;
  /** Streams whose answer had begun (a token arrived) when they were aborted. */
  started: number;
  reachedBackend: number;
  openAfter1s: number;
}

interface BackendRecord {
  body: unknown;
  closedAt?: number;
}

export async function stormPhase(kind: RouteKind, backend: BackendProcess): Promise<StormFigures> {
  const app = await startApp(backend);
  const tag = `storm-${kind}-${Date.now()}`;
  try {
    await openStream(routeURL(app, kind), routeBody(kind, 'chat', 'warm')).done;
    const streams = Array.from({ length: STREAMS }, (_, i) =>
      openStream(routeURL(app, kind), routeBody(kind, 'load-stamped', `${tag}-${i}`), {
        abortAfterFirstStampMs: Math.random() * 3_000,
      }),
    );
    // A stream that has not started within the limit is closed too (and counted as not started).
    const limit = setTimeout(() => streams.forEach((s) => s.destroy()), START_LIMIT_MS);
    const results = await Promise.all(streams.map((s) => s.done));
    clearTimeout(limit);
    await sleep(1_000);
    const res = await fetch(`${backend.url}/__control/requests?model=load-stamped`);
    const { requests } = (await res.json()) as { requests: BackendRecord[] };
    const mine = requests.filter((r) => JSON.stringify(r.body).includes(tag));
    return {
      kind,
      streams: STREAMS,
      started: results.filter((r) => r.stamps > 0).length,
      reachedBackend: mine.length,
      openAfter1s: mine.filter((r) => r.closedAt === undefined).length,
    };
  } finally {
    app.kill();
    await app.exited;
  }
}
