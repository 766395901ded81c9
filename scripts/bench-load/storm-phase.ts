/**
 * An abort storm: 500 streams closed by their clients at random moments. One second after the
 * last abort, how many upstream connections does the backend still see open?
 */
import type { BackendProcess } from './processes';
import { startApp } from './processes';
import { routeBody, routeURL, type RouteKind } from './routes';
import { sleep } from './stats';
import { openStream } from './stream-client';

const STREAMS = 500;

export interface StormFigures {
  kind: RouteKind;
  streams: number;
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
    await Promise.all(
      Array.from(
        { length: STREAMS },
        (_, i) =>
          openStream(routeURL(app, kind), routeBody(kind, 'load-stamped', `${tag}-${i}`), {
            abortAfterMs: 100 + Math.random() * 2_900,
          }).done,
      ),
    );
    await sleep(1_000);
    const res = await fetch(`${backend.url}/__control/requests?model=load-stamped`);
    const { requests } = (await res.json()) as { requests: BackendRecord[] };
    const mine = requests.filter((r) => JSON.stringify(r.body).includes(tag));
    return {
      kind,
      streams: STREAMS,
      reachedBackend: mine.length,
      openAfter1s: mine.filter((r) => r.closedAt === undefined).length,
    };
  } finally {
    app.kill();
    await app.exited;
  }
}
