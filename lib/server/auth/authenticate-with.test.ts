import { describe, expect, it } from 'vitest';
import { buildAuthConfig } from '../config/auth-schema';
import { accessCodeUser } from './access-codes';
import { authenticateWith, type AuthenticateDeps } from './authenticate-with';
import { issueEmbedPass } from './embed-pass';
import { sealSession, SESSION_COOKIE } from './session';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';
const visitorId = 'f3b1c2d4-0000-4000-8000-123456789abc';

function deps(env: Record<string, string>): AuthenticateDeps {
  const config = buildAuthConfig(env);
  // On "Vercel" the peer comes from X-Real-IP, which lets these tests choose it.
  return {
    config,
    addressPolicy: { forwardedAllow: config.forwardedAllow, vercel: true },
    embedAllowlist: ['https://host.test'],
  };
}

const closed = deps({
  AUTH_SECRET: secret,
  ACCESS_CODES: 'team:correct horse',
  AUTH_PROXY_HEADER: 'X-Forwarded-Email',
  AUTH_PROXY_TRUSTED_IPS: '10.0.0.0/8',
  OIDC_ISSUER: 'https://idp.test',
  OIDC_CLIENT_ID: 'runnel',
  OIDC_CLIENT_SECRET: 's',
  OIDC_ALLOWED_EMAILS: '*@example.test',
});

const cookie = (token: string) => `other=1; ${SESSION_COOKIE}=${token}`;

describe('authenticate with no sign-in method', () => {
  const open = deps({});
  it('lets everyone in, anonymous by address', async () => {
    const result = await authenticateWith(new Headers({ 'x-real-ip': '203.0.113.5' }), open);
    expect(result).toEqual({
      identity: { kind: 'anonymous', key: 'address:203.0.113.5', address: '203.0.113.5' },
    });
  });
  it('makes widget requests visitors without a pass (and no site: that only a pass names)', async () => {
    const headers = new Headers({
      'x-real-ip': '203.0.113.5',
      'x-runnel-visitor': visitorId,
      'x-runnel-embed-host': 'https://host.test',
    });
    expect((await authenticateWith(headers, open)).identity).toEqual({
      kind: 'visitor',
      key: `visitor:${visitorId}`,
      visitorId,
      address: '203.0.113.5',
    });
  });
});

describe('authenticate: one client, one count', () => {
  it('keys an IPv6 client by its /64, so rotating its address gains nothing', async () => {
    const open = deps({});
    const keyOf = async (ip: string) =>
      (await authenticateWith(new Headers({ 'x-real-ip': ip }), open)).identity?.key;
    expect(await keyOf('2001:db8:1:2::1')).toBe(await keyOf('2001:db8:1:2:ffff::9'));
    expect(await keyOf('2001:db8:1:2::1')).not.toBe(await keyOf('2001:db8:1:3::1'));
  });
});

describe('authenticate with no site allowed to embed the widget', () => {
  it('ignores the visitor header: the request is counted by its address', async () => {
    const headers = new Headers({ 'x-real-ip': '203.0.113.5', 'x-runnel-visitor': visitorId });
    const open = { ...deps({}), embedAllowlist: [] };
    expect((await authenticateWith(headers, open)).identity).toEqual({
      kind: 'anonymous',
      key: 'address:203.0.113.5',
      address: '203.0.113.5',
    });
  });
});

describe('authenticate with sign-in methods', () => {
  it('refuses a request without credentials', async () => {
    expect(await authenticateWith(new Headers({ 'x-real-ip': '203.0.113.5' }), closed)).toEqual({
      identity: null,
      reason: 'no-credentials',
    });
  });

  it('believes the proxy header only from the trusted proxy', async () => {
    const fromProxy = new Headers({
      'x-real-ip': '10.1.2.3',
      'x-forwarded-email': 'ada@example.test',
    });
    expect((await authenticateWith(fromProxy, closed)).identity).toMatchObject({
      kind: 'user',
      method: 'proxy',
      name: 'ada@example.test',
    });
    const fromElsewhere = new Headers({
      'x-real-ip': '203.0.113.5',
      'x-forwarded-email': 'ada@example.test',
    });
    expect((await authenticateWith(fromElsewhere, closed)).identity).toBeNull();
  });

  it('reads a session cookie, and ends it when its code or address is no longer allowed', async () => {
    const code = accessCodeUser({ name: 'team', code: 'correct horse' }, secret);
    const token = await sealSession(code, { secret, maxAgeS: 60 });
    expect(await authenticateWith(new Headers({ cookie: cookie(token) }), closed)).toMatchObject({
      identity: { key: 'code:team', name: 'team' },
    });
    const gone = await sealSession({ ...code, key: 'code:old' }, { secret, maxAgeS: 60 });
    expect(
      (await authenticateWith(new Headers({ cookie: cookie(gone) }), closed)).identity,
    ).toBeNull();
    const eve = await sealSession(
      { key: 'oidc:eve', name: 'Eve', method: 'oidc', email: 'eve@other.test' },
      { secret, maxAgeS: 60 },
    );
    expect(
      (await authenticateWith(new Headers({ cookie: cookie(eve) }), closed)).identity,
    ).toBeNull();
    const ada = await sealSession(
      { key: 'oidc:ada', name: 'Ada', method: 'oidc', email: 'ada@example.test' },
      { secret, maxAgeS: 60 },
    );
    expect(
      (await authenticateWith(new Headers({ cookie: cookie(ada) }), closed)).identity,
    ).toMatchObject({ name: 'Ada', method: 'oidc' });
  });

  it('makes widget requests visitors only with a valid pass', async () => {
    const { pass } = await issueEmbedPass(secret);
    const withPass = new Headers({
      'x-runnel-visitor': visitorId,
      'x-runnel-embed-pass': pass,
      'x-runnel-embed-host': 'https://evil.test',
    });
    expect((await authenticateWith(withPass, closed)).identity).toEqual({
      kind: 'visitor',
      key: `visitor:${visitorId}`,
      visitorId,
      address: 'unknown',
    });
    // One character of the signature changed, one that carries six of its bits: the last
    // character carries only four (a JWT's 32-byte signature in 43 base64url characters), so
    // replacing the last ones could leave the same signature (it did, about once in a thousand).
    const at = pass.length - 3;
    const forged = new Headers({
      'x-runnel-visitor': visitorId,
      'x-runnel-embed-pass': `${pass.slice(0, at)}${pass[at] === 'A' ? 'B' : 'A'}${pass.slice(at + 1)}`,
    });
    expect(await authenticateWith(forged, closed)).toEqual({
      identity: null,
      reason: 'bad-visitor',
    });
    expect(
      (await authenticateWith(new Headers({ 'x-runnel-visitor': visitorId }), closed)).identity,
    ).toBeNull();
    expect(
      (
        await authenticateWith(
          new Headers({ 'x-runnel-visitor': 'short', 'x-runnel-embed-pass': pass }),
          closed,
        )
      ).identity,
    ).toBeNull();
  });

  it('takes the site from the signed pass, never from a header', async () => {
    const headers = (pass: string, host?: string) =>
      new Headers({
        'x-runnel-visitor': visitorId,
        'x-runnel-embed-pass': pass,
        ...(host ? { 'x-runnel-embed-host': host } : {}),
      });
    const bound = await issueEmbedPass(secret, { host: 'https://host.test' });
    expect((await authenticateWith(headers(bound.pass), closed)).identity).toMatchObject({
      kind: 'visitor',
      hostOrigin: 'https://host.test',
    });
    // A header naming an allowed site, with a pass that names none: no site is charged.
    const unbound = await issueEmbedPass(secret);
    const claimed = (await authenticateWith(headers(unbound.pass, 'https://host.test'), closed))
      .identity;
    expect(claimed).toMatchObject({ kind: 'visitor' });
    expect(claimed).not.toHaveProperty('hostOrigin');
    // A pass naming a site that may no longer embed the widget charges nobody either.
    const stale = await issueEmbedPass(secret, { host: 'https://gone.test' });
    expect((await authenticateWith(headers(stale.pass), closed)).identity).not.toHaveProperty(
      'hostOrigin',
    );
    // An open server with AUTH_SECRET reads the pass too.
    const openWithSecret = deps({ AUTH_SECRET: secret });
    expect((await authenticateWith(headers(bound.pass), openWithSecret)).identity).toMatchObject({
      hostOrigin: 'https://host.test',
    });
  });

  it('never believes the proxy header when the peer is unknown', async () => {
    const everyone = buildAuthConfig({
      AUTH_SECRET: secret,
      AUTH_PROXY_HEADER: 'X-Forwarded-Email',
      AUTH_PROXY_TRUSTED_IPS: '0.0.0.0/0, ::/0',
    });
    const headers = new Headers({
      'x-forwarded-email': 'ada@example.test',
      // A stamp this process did not make, and forwarded addresses any client can write.
      'x-runnel-peer': 'guess 10.0.0.1',
      'x-forwarded-for': '10.0.0.1',
    });
    for (const vercel of [false, true]) {
      const policy = { forwardedAllow: everyone.forwardedAllow, vercel };
      const result = await authenticateWith(vercel ? new Headers() : headers, {
        config: everyone,
        addressPolicy: policy,
        embedAllowlist: [],
      });
      expect(result).toEqual({ identity: null, reason: 'no-credentials' });
    }
    // The control: the same header from a known peer in the trusted ranges is believed.
    const known = await authenticateWith(
      new Headers({ 'x-forwarded-email': 'ada@example.test', 'x-real-ip': '10.0.0.1' }),
      {
        config: everyone,
        addressPolicy: { forwardedAllow: everyone.forwardedAllow, vercel: true },
        embedAllowlist: [],
      },
    );
    expect(known.identity).toMatchObject({ kind: 'user', key: 'proxy:ada@example.test' });
  });
});
