import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeUserIdentity, visitorIdentity } from '../../../testing/unit/identities';
import { loadRoute } from '../../../testing/unit/route-env';
import type { Identity } from './identity';

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';
const CLOSED = { AUTH_SECRET: SECRET, ACCESS_CODES: 'team:a-long-enough-code' };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** api-gate (and the session helpers) as a server with `env` would load them. */
const load = (env: Record<string, string>) =>
  loadRoute(
    async () => ({
      gate: await import('./api-gate'),
      session: await import('./session'),
    }),
    env,
  );

async function sessionCookie(session: Awaited<ReturnType<typeof load>>['session']) {
  const token = await session.sealSession(
    { key: 'code:team', name: 'team', method: 'access-code' },
    { secret: SECRET, maxAgeS: 60 },
  );
  return `${session.SESSION_COOKIE}=${token}`;
}

const request = (headers: Record<string, string> = {}) =>
  new Request('http://app.test/api/models', { headers: { host: 'app.test', ...headers } });

describe('withAccess', () => {
  it('refuses a request without a session with 401, before the handler runs', async () => {
    const { gate } = await load(CLOSED);
    const handler = vi.fn(async () => new Response('reached'));
    const response = await gate.withAccess(request(), handler);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('hands the signed-in identity to the handler', async () => {
    const { gate, session } = await load(CLOSED);
    let seen: Identity | undefined;
    const response = await gate.withAccess(
      request({ cookie: await sessionCookie(session) }),
      async (identity) => {
        seen = identity;
        return new Response('reached');
      },
    );
    expect(await response.text()).toBe('reached');
    expect(seen).toMatchObject({ kind: 'user', key: 'code:team', method: 'access-code' });
  });

  it('refuses the session cookie from another site’s page with 403', async () => {
    const { gate, session } = await load(CLOSED);
    const handler = vi.fn(async () => new Response('reached'));
    const cookie = await sessionCookie(session);
    const crossSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.test' },
    ];
    for (const crossSite of crossSites) {
      const response = await gate.withAccess(request({ cookie, ...crossSite }), handler);
      expect(response.status).toBe(403);
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses another site’s page whoever the request is from: no sign-in is no exception', async () => {
    // With no sign-in method anyone's page could otherwise POST to /api/chat (text/plain needs no
    // preflight) and spend the deployment's backends.
    const { gate } = await load({ EMBED_ALLOWED_ORIGINS: 'https://site.test' });
    const handler = vi.fn(async () => new Response('reached'));
    const forbidden = {
      error: { code: 'forbidden', message: 'Requests from other sites are refused.' },
    };
    const identities: Record<string, Record<string, string>> = {
      anonymous: {},
      visitor: { 'x-runnel-visitor': 'visitor-0123456789abcdef' },
    };
    const crossSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.test' },
    ];
    for (const [who, credentials] of Object.entries(identities)) {
      for (const crossSite of crossSites) {
        const response = await gate.withAccess(request({ ...credentials, ...crossSite }), handler);
        expect(response.status, who).toBe(403);
        expect(await response.json(), who).toEqual(forbidden);
      }
    }
    expect(handler).not.toHaveBeenCalled();
    // The same refusal as a session's.
    const closed = await load(CLOSED);
    const withCookie = await closed.gate.withAccess(
      request({ cookie: await sessionCookie(closed.session), 'sec-fetch-site': 'cross-site' }),
      handler,
    );
    expect(await withCookie.json()).toEqual(forbidden);
  });

  it('serves the app’s own pages — the widget’s iframe is one — and clients that are no browser page (curl, servers)', async () => {
    const { gate } = await load({
      EMBED_ALLOWED_ORIGINS: 'https://site.test',
      PUBLIC_URL: 'http://app.test',
    });
    const seen: string[] = [];
    const handler = async (identity: Identity) => {
      seen.push(identity.kind);
      return new Response('reached');
    };
    const identities: Record<string, string>[] = [
      {},
      { 'x-runnel-visitor': 'visitor-0123456789abcdef' },
    ];
    const sameOrigin: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://app.test' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const credentials of identities) {
      for (const headers of sameOrigin) {
        const response = await gate.withAccess(request({ ...credentials, ...headers }), handler);
        expect(await response.text()).toBe('reached');
      }
    }
    expect(seen).toEqual([...Array(3).fill('anonymous'), ...Array(3).fill('visitor')]);
  });

  it('a local tool answers those without a session only under its own names: a rebound name is refused', async () => {
    const handler = vi.fn(async () => new Response('reached'));
    // A development server (as in these tests: NODE_ENV is not production) without sign-in.
    const local = await load({});
    const at = (host: string) =>
      new Request(`http://${host}/api/models`, {
        headers: { host, 'sec-fetch-site': 'same-origin' },
      });
    const refused = await local.gate.withAccess(at('rebound.example:3000'), handler);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'forbidden', message: expect.stringContaining('PUBLIC_URL') },
    });
    expect(handler).not.toHaveBeenCalled();
    for (const host of [
      'localhost:3000',
      'LOCALHOST.',
      'runnel.localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      '192.168.1.20:3000',
    ])
      expect(await (await local.gate.withAccess(at(host), handler)).text()).toBe('reached');
    // Its name in PUBLIC_URL; a server signed in to, or open to other machines, decides otherwise.
    const named = await load({ PUBLIC_URL: 'http://runnel.lan:3000' });
    expect(await (await named.gate.withAccess(at('runnel.lan:3000'), handler)).text()).toBe(
      'reached',
    );
    expect((await named.gate.withAccess(at('rebound.example:3000'), handler)).status).toBe(403);
    const open = await load({ NODE_ENV: 'production' });
    expect(await (await open.gate.withAccess(at('rebound.example'), handler)).text()).toBe(
      'reached',
    );
    // The widget's visitors come without a session (its page is public): held to the names too.
    // A signed-in user is not: the session cookie is never sent to a rebound name.
    const widget = await load({ NODE_ENV: 'test', EMBED_ALLOWED_ORIGINS: 'https://site.test' });
    const visitor = new Request('http://rebound.example/api/models', {
      headers: {
        host: 'rebound.example',
        'sec-fetch-site': 'same-origin',
        'x-runnel-visitor': 'visitor-0123456789abcdef',
      },
    });
    expect((await widget.gate.withAccess(visitor, handler)).status).toBe(403);
    const signedIn = await load({ ...CLOSED, NODE_ENV: 'test' });
    const user = new Request('http://rebound.example/api/models', {
      headers: { host: 'rebound.example', cookie: await sessionCookie(signedIn.session) },
    });
    expect(await (await signedIn.gate.withAccess(user, handler)).text()).toBe('reached');
  });

  it('answers 500 configuration_error for a broken access setup: never open by mistake', async () => {
    const { gate } = await load({ ACCESS_CODES: 'team:a-long-enough-code' });
    const handler = vi.fn(async () => new Response('reached'));
    const response = await gate.withAccess(request(), handler);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: { code: 'configuration_error', message: expect.stringContaining('AUTH_SECRET') },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('says why a widget request without a valid pass is refused', async () => {
    const { gate } = await load({ ...CLOSED, EMBED_ALLOWED_ORIGINS: 'https://site.test' });
    const response = await gate.withAccess(
      request({ 'x-runnel-visitor': 'visitor-0123456789abcdef' }),
      async () => new Response('reached'),
    );
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).toContain("widget's pass");
  });
});

describe('withoutVisitors and mayShowBackendAddress', () => {
  const visitor = visitorIdentity('1.1.1.1');
  const user = codeUserIdentity('1.1.1.1');

  it('keeps widget visitors out of what is not the chat', async () => {
    const { gate } = await load({});
    const handler = vi.fn(async () => new Response('reached'));
    expect((await gate.withoutVisitors(handler)(visitor)).status).toBe(403);
    expect(await (await gate.withoutVisitors(handler)(user)).text()).toBe('reached');
  });

  it('shows backend addresses to the deployment’s own users only', async () => {
    const { gate } = await load({});
    expect(gate.mayShowBackendAddress(user)).toBe(true);
    expect(gate.mayShowBackendAddress({ kind: 'anonymous', key: 'a', address: 'a' })).toBe(true);
    expect(gate.mayShowBackendAddress(visitor)).toBe(false);
  });
});
