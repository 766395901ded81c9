import { describe, expect, it } from 'vitest';
import { buildAuthConfig } from '../config/auth-schema';
import { accessWarnings, type StartupFacts } from './startup-checks';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';
const server: StartupFacts = {
  vercel: false,
  production: true,
  beyondLoopback: true,
  httpPort: 3000,
};
const oidc = {
  AUTH_SECRET: secret,
  OIDC_ISSUER: 'https://idp.test',
  OIDC_CLIENT_ID: 'a',
  OIDC_CLIENT_SECRET: 'b',
};

describe('accessWarnings', () => {
  it('warns about an open server reachable from other machines in production only', () => {
    expect(accessWarnings(buildAuthConfig({}), server)).toEqual([
      expect.stringMatching(/^No sign-in method is set/),
    ]);
    expect(accessWarnings(buildAuthConfig({}), { ...server, beyondLoopback: false })).toEqual([]);
    expect(accessWarnings(buildAuthConfig({}), { ...server, production: false })).toEqual([]);
  });

  it('is quiet for a sound setup', () => {
    const config = buildAuthConfig({
      ...oidc,
      OIDC_ALLOWED_EMAILS: '*@example.test',
      PUBLIC_URL: 'https://chat.example.test',
      ACCESS_CODES: 'team:a-long-enough-code',
    });
    expect(accessWarnings(config, server)).toEqual([]);
  });

  it('names each problem in one line', () => {
    const lines = accessWarnings(buildAuthConfig({ ...oidc, ACCESS_CODES: 'x7q' }), server);
    expect(lines).toEqual([
      expect.stringMatching(/^ACCESS_CODES: entry 1 is shorter/),
      expect.stringMatching(/^OIDC_ALLOWED_EMAILS is not set/),
      expect.stringMatching(/^PUBLIC_URL is not set: .* http:\/\/ URI/),
    ]);
    expect(lines.join('\n')).not.toContain('x7q');
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('spots an http redirect URI and Secure cookies an http origin cannot keep', () => {
    const http = accessWarnings(
      buildAuthConfig({
        ...oidc,
        OIDC_ALLOWED_EMAILS: '*@e.test',
        PUBLIC_URL: 'http://chat.example.test',
      }),
      server,
    );
    expect(http).toEqual([
      expect.stringMatching(
        /redirect URI http:\/\/chat.example.test\/auth\/oidc\/callback is plain http/,
      ),
      expect.stringMatching(/cannot be Secure/),
    ]);
    const sameHttpPort = accessWarnings(
      buildAuthConfig({
        ...oidc,
        OIDC_ALLOWED_EMAILS: '*@e.test',
        PUBLIC_URL: 'https://chat.example.test:3000',
      }),
      server,
    );
    expect(sameHttpPort).toEqual([
      expect.stringMatching(
        /serves plain http on port 3000: .*cannot keep the Secure session cookie/,
      ),
    ]);
  });
});
