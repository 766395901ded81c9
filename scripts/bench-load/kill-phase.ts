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
    const streams = Array.from(
      { length: STREAMS },
      (_, i) =>
        openStream(routeURL(app, 'runnel'), routeBody('runnel', 'load-stamped', `kill-${i}`)).done,
    );
    await sleep(2_500);
    await backend.kill('SIGKILL');
    const results = await Promise.all(streams);
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
