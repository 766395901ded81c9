import { describe, expect, it } from 'vitest';
import type { Identity } from '../auth/identity';
import { isAdmin } from './admin-users';

const user = (
  key: string,
  name: string,
  method: 'access-code' | 'oidc' | 'proxy',
  email?: string,
): Identity => ({
  kind: 'user',
  key,
  name,
  method,
  address: '127.0.0.1',
  ...(email ? { email } : {}),
});

describe('isAdmin', () => {
  it('names access codes by name, OpenID users by verified email, anyone by key', () => {
    expect(isAdmin(user('code:Ada', 'Ada', 'access-code'), ['ada'])).toBe(true);
    expect(isAdmin(user('oidc:42', 'Ada L.', 'oidc', 'Ada@Example.com'), ['ada@example.com'])).toBe(
      true,
    );
    expect(isAdmin(user('oidc:42', 'Ada L.', 'oidc'), ['oidc:42'])).toBe(true);
    expect(
      isAdmin(user('proxy:ada@example.com', 'ada@example.com', 'proxy'), ['ada@example.com']),
    ).toBe(true);
  });

  it('never takes a display name people choose themselves, nor another kind of key', () => {
    expect(isAdmin(user('oidc:42', 'admin', 'oidc', 'eve@example.com'), ['admin'])).toBe(false);
    expect(isAdmin(user('oidc:ada', 'ada', 'oidc'), ['ada'])).toBe(false);
    expect(isAdmin(user('code:bob', 'bob', 'access-code'), ['ada'])).toBe(false);
    expect(isAdmin({ kind: 'anonymous', key: 'address:x', address: 'x' }, ['address:x'])).toBe(
      false,
    );
  });
});
