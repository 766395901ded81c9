import { expect, test } from '@playwright/test';
import { apiRoutes } from '../../testing/stack/api-routes';
import {
  DOWN_PROVIDER,
  E2E_ACCESS_CODE,
  PROXY_HEADER,
  PROXY_PEER,
  SECURE_APP_URL,
} from '../../testing/stack/auth-stack';
import { requestFrom } from '../../testing/stack/http-from';
import { mintSession } from '../../testing/stack/session-cookie';
import { backendRecord, chatBody, nonce } from '../support/chat-client';

/**
 * A fresh address per sign-in (198.18.0.0/15, for tests): the sign-in throttle counts by address
 * (from loopback, X-Forwarded-For is believed), and one test throttles its address for minutes — out
 * of 250 addresses, a later sign-in drew that one about once in a few suite runs.
 */
function address(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `198.${18 + (n() % 2)}.${n()}.${n()}`;
}

async function signIn(code = E2E_ACCESS_CODE, from = address()): Promise<Response> {
  return fetch(`${SECURE_APP_URL}/auth/access-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ code, next: '/' }),
  });
}

/** The session cookie (`name=value`) of a successful sign-in. */
async function sessionCookie(): Promise<string> {
  const res = await signIn();
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

function chatRequest(marker: string, headers: Record<string, string> = {}, model = 'vllm:chat') {
  return fetch(`${SECURE_APP_URL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(chatBody(model, marker)),
  });
}

test.describe('with a sign-in method configured', () => {
  test('every /api route but /api/health and /api/metrics answers 401 without a session, before any backend call', async () => {
    // Metrics are for a scraper with METRICS_TOKEN, never a session: unset here, so no route at all.
    const metrics = await fetch(`${SECURE_APP_URL}/api/metrics`);
    expect(metrics.status).toBe(404);
    const routes = apiRoutes().filter((r) => r.path !== '/api/health' && r.path !== '/api/metrics');
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/chat', 'GET /api/models']),
    );
    const marker = nonce();
    for (const route of routes) {
      const res = await fetch(`${SECURE_APP_URL}${route.path}`, {
        method: route.method,
        ...(route.method === 'GET'
          ? {}
          : {
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(chatBody('vllm:chat', marker)),
            }),
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: 'unauthorized', message: expect.any(String) },
      });
    }
    expect(await backendRecord('chat', marker)).toBeUndefined();
  });

  test('/api/health stays open but says only up or down without a session', async () => {
    const signedIn = await (
      await fetch(`${SECURE_APP_URL}/api/health`, { headers: { cookie: await sessionCookie() } })
    ).json();
    expect(signedIn.providers).toEqual(
      expect.arrayContaining([expect.objectContaining({ baseURL: DOWN_PROVIDER.baseURL })]),
    );
    // Without a session: the status of that last probe, and no probe of its own.
    const anonymous = await (await fetch(`${SECURE_APP_URL}/api/health`)).json();
    expect(anonymous).toEqual({ status: 'degraded' });
  });

  test('a session cookie lets the API in; a forged, tampered, foreign or expired one does not', async () => {
    const cookie = await sessionCookie();
    const ok = await fetch(`${SECURE_APP_URL}/api/models`, { headers: { cookie } });
    expect(ok.status).toBe(200);
    const [name, value] = cookie.split('=') as [string, string];
    const flipped = value.slice(0, -6) + (value.at(-6) === 'A' ? 'B' : 'A') + value.slice(-5);
    const minted = await mintSession({ name: 'team', expiresInS: 600 });
    const cookies = {
      forged: 'not-a-session',
      tampered: flipped,
      'another secret': await mintSession({
        name: 'team',
        expiresInS: 600,
        secret: 'another-secret-of-at-least-32-bytes!!',
      }),
      expired: await mintSession({ name: 'team', expiresInS: -1 }),
    };
    for (const [what, token] of Object.entries(cookies)) {
      const res = await fetch(`${SECURE_APP_URL}/api/models`, {
        headers: { cookie: `${name}=${token}` },
      });
      expect(res.status, what).toBe(401);
    }
    // The expired cookie's control: the same recipe, not yet expired, is a session.
    expect(
      (await fetch(`${SECURE_APP_URL}/api/models`, { headers: { cookie: `${name}=${minted}` } }))
        .status,
    ).toBe(200);
  });

  test("a cookie-authenticated POST from another site's page is refused, before any backend call", async () => {
    const cookie = await sessionCookie();
    const marker = nonce();
    const crossSite: Record<string, string>[] = [
      { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://evil.test' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await chatRequest(marker, { cookie, ...headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    expect(await backendRecord('chat', marker)).toBeUndefined();
    const same = await chatRequest(marker, {
      cookie,
      origin: SECURE_APP_URL,
      'sec-fetch-site': 'same-origin',
    });
    expect(same.status).toBe(200);
    await same.text();
    expect(await backendRecord('chat', marker)).toBeDefined();
  });

  test('the proxy header is believed from the trusted proxy only', async () => {
    const asProxy = await requestFrom(PROXY_PEER, `${SECURE_APP_URL}/api/models`, {
      headers: { [PROXY_HEADER]: 'ada@example.test' },
    });
    expect(asProxy.status).toBe(200);
    // Anyone else, however they dress the request up.
    const spoofs: Record<string, string>[] = [
      { [PROXY_HEADER]: 'ada@example.test' },
      {
        [PROXY_HEADER]: 'ada@example.test',
        'x-forwarded-for': PROXY_PEER,
        'x-real-ip': PROXY_PEER,
      },
      { [PROXY_HEADER]: 'ada@example.test', 'x-runnel-peer': `guess ${PROXY_PEER}` },
    ];
    for (const headers of spoofs) {
      const res = await requestFrom('127.0.0.1', `${SECURE_APP_URL}/api/models`, { headers });
      expect(res.status).toBe(401);
    }
    // The trusted proxy without the header is nobody.
    expect((await requestFrom(PROXY_PEER, `${SECURE_APP_URL}/api/models`)).status).toBe(401);
  });

  test('wrong access codes from one address are throttled with Retry-After', async () => {
    const from = address();
    for (let i = 0; i < 5; i++) {
      const res = await signIn('not the code', from);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'wrong_code' } });
    }
    const throttled = await signIn(E2E_ACCESS_CODE, from);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await throttled.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await signIn(E2E_ACCESS_CODE, address())).status).toBe(200);
  });

  test('widget requests need a valid embed pass, and visitors see no backend address', async () => {
    const visitor = { 'x-runnel-visitor': crypto.randomUUID() };
    const page = await fetch(`${SECURE_APP_URL}/embed`);
    expect(page.status).toBe(200);
    const { pass } = (await (await fetch(`${SECURE_APP_URL}/embed/pass`)).json()) as {
      pass: string;
    };
    const withPass = { ...visitor, 'x-runnel-embed-pass': pass };
    expect((await fetch(`${SECURE_APP_URL}/api/models`, { headers: withPass })).status).toBe(200);
    expect((await fetch(`${SECURE_APP_URL}/api/models`, { headers: visitor })).status).toBe(401);
    const forged = { ...visitor, 'x-runnel-embed-pass': `${pass.slice(0, -4)}AAAA` };
    expect((await fetch(`${SECURE_APP_URL}/api/models`, { headers: forged })).status).toBe(401);
    // A signed-in call probes the backends; a visitor's answers from that probe, never probing.
    await (
      await fetch(`${SECURE_APP_URL}/api/health`, { headers: { cookie: await sessionCookie() } })
    ).text();
    expect(
      await (await fetch(`${SECURE_APP_URL}/api/health`, { headers: withPass })).json(),
    ).toEqual({ status: 'degraded' });

    const asVisitor = await (await chatRequest(nonce(), withPass, DOWN_PROVIDER.model)).text();
    expect(asVisitor).toContain('upstream_unreachable');
    expect(asVisitor).not.toContain('59998');
    const asUser = await (
      await chatRequest(nonce(), { cookie: await sessionCookie() }, DOWN_PROVIDER.model)
    ).text();
    expect(asUser).toContain(DOWN_PROVIDER.baseURL);
  });
});
