import { describe, expect, it } from 'vitest';
import { buildAuthConfig } from '../config/auth-schema';
import { isOpenServer } from './open-server';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';
const open = buildAuthConfig({});
const closed = {
  'access codes': buildAuthConfig({ AUTH_SECRET: secret, ACCESS_CODES: 'team:a-long-code' }),
  'a proxy header': buildAuthConfig({
    AUTH_SECRET: secret,
    AUTH_PROXY_HEADER: 'X-Forwarded-Email',
    AUTH_PROXY_TRUSTED_IPS: '127.0.0.1',
  }),
};
const production = { production: true, beyondLoopback: true };

describe('isOpenServer', () => {
  it('is open without a sign-in method in production, reachable from other machines', () => {
    expect(isOpenServer(open, production)).toBe(true);
  });

  it('is not open on loopback only, or outside production', () => {
    expect(isOpenServer(open, { ...production, beyondLoopback: false })).toBe(false);
    expect(isOpenServer(open, { ...production, production: false })).toBe(false);
    expect(isOpenServer(open, { production: false, beyondLoopback: false })).toBe(false);
  });

  it.each(Object.entries(closed))('is not open with %s', (_name, config) => {
    expect(isOpenServer(config, production)).toBe(false);
  });
});
