import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { buildAuthConfig } from './auth-schema';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';

describe('buildAuthConfig', () => {
  it('is open with nothing set, trusting X-Forwarded-For from loopback only', () => {
    const config = buildAuthConfig({});
    expect(config).toMatchObject({
      closed: false,
      accessCodes: [],
      sessionMaxAgeS: 30 * 24 * 3600,
    });
    expect(config.forwardedAllow.map((r) => `${r.address}/${r.prefix}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
    ]);
  });

  it('reads every method', () => {
    const config = buildAuthConfig({
      AUTH_SECRET: secret,
      ACCESS_CODES: 'team:abc, xyz',
      OIDC_ISSUER: 'https://idp.example.test/realms/r',
      OIDC_CLIENT_ID: 'runnel',
      OIDC_CLIENT_SECRET: 'shh',
      OIDC_ALLOWED_EMAILS: 'Ada@Example.test, *@team.test',
      AUTH_PROXY_HEADER: 'X-Forwarded-Email',
      AUTH_PROXY_TRUSTED_IPS: '10.0.0.0/8, fd00::1',
      SESSION_MAX_AGE_S: '3600',
      PUBLIC_URL: 'https://chat.example.test/',
    });
    expect(config).toMatchObject({
      closed: true,
      accessCodes: [{ name: 'team', code: 'abc' }, { code: 'xyz' }],
      oidc: {
        issuer: 'https://idp.example.test/realms/r',
        name: 'idp.example.test',
        allowedEmails: ['ada@example.test', '*@team.test'],
      },
      proxy: { header: 'x-forwarded-email' },
      sessionMaxAgeS: 3600,
      publicURL: 'https://chat.example.test',
    });
    // The sign-in proxy's X-Forwarded-For is believed too.
    expect(config.forwardedAllow.map((r) => r.address)).toEqual([
      '127.0.0.0',
      '::1',
      '10.0.0.0',
      'fd00::1',
    ]);
  });

  it.each([
    [{ ACCESS_CODES: 'abc' }, /AUTH_SECRET: required/],
    [{ AUTH_SECRET: 'short', ACCESS_CODES: 'abc' }, /AUTH_SECRET: must be at least 32 bytes/],
    [{ AUTH_SECRET: secret, ACCESS_CODES: 'a:1,a:2' }, /ACCESS_CODES: the name "a" is used twice/],
    [{ AUTH_SECRET: secret, ACCESS_CODES: 'x,x' }, /ACCESS_CODES: entry 2 repeats another code/],
    [{ AUTH_SECRET: secret, ACCESS_CODES: 'bad name!:x' }, /ACCESS_CODES: the name/],
    [
      { AUTH_SECRET: secret, OIDC_ISSUER: 'https://idp.test' },
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required/,
    ],
    [
      {
        AUTH_SECRET: secret,
        OIDC_ISSUER: 'http://idp.test',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
      },
      /OIDC_ISSUER: must be https/,
    ],
    [{ OIDC_ALLOWED_EMAILS: '*@a.test' }, /OIDC_ALLOWED_EMAILS: needs OIDC_ISSUER/],
    [
      {
        AUTH_SECRET: secret,
        OIDC_ISSUER: 'https://i.test',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
        OIDC_ALLOWED_EMAILS: 'ada',
      },
      /OIDC_ALLOWED_EMAILS: "ada"/,
    ],
    [{ AUTH_SECRET: secret, AUTH_PROXY_HEADER: 'X-Email' }, /AUTH_PROXY_TRUSTED_IPS: required/],
    [
      { AUTH_SECRET: secret, AUTH_PROXY_HEADER: 'X-Email', AUTH_PROXY_TRUSTED_IPS: '10.0.0.0/33' },
      /AUTH_PROXY_TRUSTED_IPS: "10.0.0.0\/33"/,
    ],
    [{ AUTH_PROXY_TRUSTED_IPS: '10.0.0.1' }, /AUTH_PROXY_TRUSTED_IPS: needs AUTH_PROXY_HEADER/],
    [
      { AUTH_SECRET: secret, AUTH_PROXY_HEADER: 'X Email', AUTH_PROXY_TRUSTED_IPS: '10.0.0.1' },
      /AUTH_PROXY_HEADER/,
    ],
    [{ FORWARDED_ALLOW_IPS: 'nginx' }, /FORWARDED_ALLOW_IPS: "nginx"/],
    [{ SESSION_MAX_AGE_S: '0' }, /SESSION_MAX_AGE_S/],
    [{ PUBLIC_URL: 'chat.example.test' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://chat.example.test/app' }, /PUBLIC_URL: must be an origin/],
  ])('names the bad variable (%#)', (env, message) => {
    expect(() => buildAuthConfig(env)).toThrow(ConfigError);
    expect(() => buildAuthConfig(env)).toThrow(message);
  });

  it('never puts an access code in an error', () => {
    expect(() =>
      buildAuthConfig({ AUTH_SECRET: secret, ACCESS_CODES: 'hunter2,hunter2' }),
    ).not.toThrow(/hunter2/);
  });

  it('allows an http issuer on loopback only', () => {
    const env = {
      AUTH_SECRET: secret,
      OIDC_ISSUER: 'http://127.0.0.1:4000',
      OIDC_CLIENT_ID: 'a',
      OIDC_CLIENT_SECRET: 'b',
    };
    expect(buildAuthConfig(env).oidc?.issuer).toBe('http://127.0.0.1:4000/');
  });

  it('requires PUBLIC_URL in production once a sign-in method is set', () => {
    const closed = { AUTH_SECRET: secret, ACCESS_CODES: 'team:a-long-enough-code' };
    expect(() => buildAuthConfig({ ...closed, NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    expect(
      buildAuthConfig({ ...closed, NODE_ENV: 'production', PUBLIC_URL: 'https://c.test' })
        .publicURL,
    ).toBe('https://c.test');
    // In development, and for an open server, the request's own origin still serves.
    expect(buildAuthConfig({ ...closed, NODE_ENV: 'development' }).closed).toBe(true);
    expect(buildAuthConfig({ NODE_ENV: 'production' }).closed).toBe(false);
  });

  it('reads OIDC_ALLOW_UNVERIFIED_EMAIL (off by default), and only with OIDC_ISSUER', () => {
    const oidc = {
      AUTH_SECRET: secret,
      OIDC_ISSUER: 'https://idp.example.test',
      OIDC_CLIENT_ID: 'a',
      OIDC_CLIENT_SECRET: 'b',
    };
    expect(buildAuthConfig(oidc).oidc?.allowUnverifiedEmail).toBe(false);
    expect(
      buildAuthConfig({ ...oidc, OIDC_ALLOW_UNVERIFIED_EMAIL: '1' }).oidc?.allowUnverifiedEmail,
    ).toBe(true);
    expect(() => buildAuthConfig({ OIDC_ALLOW_UNVERIFIED_EMAIL: '1' })).toThrow(
      /OIDC_ALLOW_UNVERIFIED_EMAIL: needs OIDC_ISSUER/,
    );
  });
});
