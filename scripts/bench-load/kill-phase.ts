/**
 * The backend killed mid-answer (SIGKILL, no goodbye): every answer must end `incomplete_stream`
 * (the UI's "cut off"), with the text it had kept.
 */
import type { BackendProcess } from './processes';
import { startApp } from './processes';
import { routeBody, routeURL } from './routes';
import { sleep } from './stats';
import { openStream } from './stream-client';

const STREAMS = 100;

export interface KillFigures {
  streams: number;
  incompleteWithText: number;
  other: string[];
}

export async function killPhase(backend: BackendProcess): Promise<KillFigures> {
  const app = await startApp(backend);
  try {
    await openStream(routeURL(app, 'runnel'), routeBody('runnel', 'chat', 'warm')).done;
    const streams = Array.from({ length: STREAMS }, (_, i) =>
      openStream(routeURL(app, 'runnel'), routeBody('runnel', 'load-stamped', `kill-${i}`)),
    );
    // Every answer under way (a token arrived), then a second more of streaming.
    const deadline = Date.now() + 60_000;
    while (streams.some((s) => s.progress.stamps === 0) && Date.now() < deadline) await sleep(100);
    await sleep(1_000);
    await backend.kill('SIGKILL');
    const results = await Promise.all(streams.map((s) => s.done));
    const good = results.filter((r) => r.errorCode === 'incomplete_stream' && r.stamps > 0);
    const other = results
      .filter((r) => !good.includes(r))
      .map((r) => `${r.status} ${r.errorCode ?? r.failure ?? (r.complete ? 'done' : 'no end')}`);
    return { streams: STREAMS, incompleteWithText: good.length, other };
  } finally {
    app.kill();
    await app.exited;
  }
}
