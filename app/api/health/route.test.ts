import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';

/** A backend that counts the `/models` probes it gets. */
let backend: Server;
let base = '';
let probes = 0;
beforeAll(async () => {
  backend = createServer((req, res) => {
    if (req.url?.endsWith('/models')) probes++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/health', () => {
  it('never probes a backend for a caller without a session, and shares probes between callers', async () => {
    const GET = await loadRoute(async () => (await import('./route')).GET, {
      OPENAI_BASE_URLS: `${base},${base.replace('127.0.0.1', 'localhost')}`,
      AUTH_SECRET: SECRET,
      ACCESS_CODES: 'team:a-long-enough-code',
    });
    const { sealSession, SESSION_COOKIE } = await import('@/lib/server/auth/session');
    const cookie = `${SESSION_COOKIE}=${await sealSession(
      { key: 'code:team', name: 'team', method: 'access-code' },
      { secret: SECRET, maxAgeS: 60 },
    )}`;
    probes = 0;
    const anonymous = () => GET(new Request('http://app.test/api/health'));
    const statuses = await Promise.all(Array.from({ length: 10 }, anonymous));
    expect(statuses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(probes).toBe(0);

    // Signed in: ten calls at once share one round (one probe per replica).
    const signedIn = () => GET(new Request('http://app.test/api/health', { headers: { cookie } }));
    const full = await Promise.all(Array.from({ length: 10 }, signedIn));
    expect(probes).toBe(2);
    expect(await full[0]!.json()).toMatchObject({ status: 'ok', providers: [{ reachable: true }] });
    // …and the next call within a few seconds reuses it.
    await signedIn();
    expect(probes).toBe(2);
    // Anonymous calls now answer from that last probe, still without probing.
    expect(await (await anonymous()).json()).toEqual({ status: 'ok' });
    expect(probes).toBe(2);
  });
});
