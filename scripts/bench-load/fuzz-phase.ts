/**
 * 10,000 malformed requests to `POST /api/chat`: none may get a 5xx, and every 4xx must say what
 * was wrong (`{"error":{"code","message"}}`).
 */
import { request } from 'node:http';
import type { BackendProcess } from './processes';
import { startApp } from './processes';
import { fuzzCase, type FuzzCase } from './fuzz-cases';
import { pool } from './stats';

const REQUESTS = 10_000;
const CONCURRENCY = 16;

export interface FuzzFigures {
  requests: number;
  byStatus: Record<string, number>;
  server5xx: { kind: string; status: number; body: string }[];
  withoutMessage: { kind: string; status: number; body: string }[];
  accepted: number;
  seconds: number;
}

function send(url: string, c: FuzzCase): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {};
    if (c.contentType) headers['content-type'] = c.contentType;
    if (!c.chunked) headers['content-length'] = c.body.length;
    const req = request(url, { method: 'POST', headers }, (res) => {
      const status = res.statusCode ?? 0;
      if (status < 300) {
        // A valid request by chance: it streams; the answer itself is not the point here.
        res.destroy();
        return resolve({ status, body: '' });
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d.length < 65_536 ? d : d.slice(0, 65_536)));
      res.on('end', () => resolve({ status, body }));
      res.on('error', () => resolve({ status, body }));
    });
    req.on('error', (e) =>
      resolve({ status: -1, body: (e as NodeJS.ErrnoException).code ?? e.message }),
    );
    // Written a piece at a time, stopping once the server answered: a server that refuses a huge
    // body answers early and closes, and a client still writing would see a reset, not the answer.
    let answered = false;
    req.once('response', () => (answered = true));
    const write = async () => {
      for (let at = 0; at < c.body.length && !answered; at += 64 * 1024) {
        if (!req.write(c.body.subarray(at, at + 64 * 1024))) {
          await new Promise<void>((resolve) => {
            const done = () => {
              req.off('drain', done).off('close', done);
              resolve();
            };
            req.once('drain', done).once('close', done);
          });
        }
      }
      req.end();
    };
    if (c.body.length > 1024 * 1024) void write();
    else req.end(c.body);
  });
}

function hasMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.message === 'string' && parsed.error.message.length > 0;
  } catch {
    return false;
  }
}

export async function fuzzPhase(backend: BackendProcess): Promise<FuzzFigures> {
  const app = await startApp(backend);
  const started = performance.now();
  try {
    const results = await pool(REQUESTS, CONCURRENCY, async (i) => {
      const c = fuzzCase(i);
      return { kind: c.kind, ...(await send(`${app.url}/api/chat`, c)) };
    });
    const byStatus: Record<string, number> = {};
    for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const clip = (r: { kind: string; status: number; body: string }) => ({
      ...r,
      body: r.body.slice(0, 200),
    });
    return {
      requests: REQUESTS,
      byStatus,
      server5xx: results.filter((r) => r.status >= 500 || r.status < 0).map(clip),
      withoutMessage: results
        .filter((r) => r.status >= 400 && r.status < 500 && !hasMessage(r.body))
        .map(clip),
      accepted: results.filter((r) => r.status >= 200 && r.status < 300).length,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    app.kill();
    await app.exited;
  }
}
