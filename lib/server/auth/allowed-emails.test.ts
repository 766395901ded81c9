import { describe, expect, it } from 'vitest';
import { emailAllowed, trustedEmail } from './allowed-emails';

describe('emailAllowed', () => {
  const list = ['ada@example.test', '*@team.test'];
  it('allows listed addresses and whole domains, without case', () => {
    expect(emailAllowed(list, 'Ada@Example.test')).toBe(true);
    expect(emailAllowed(list, 'bob@team.test')).toBe(true);
  });
  it('refuses others, look-alike domains and missing addresses', () => {
    expect(emailAllowed(list, 'eve@example.test')).toBe(false);
    expect(emailAllowed(list, 'bob@evilteam.test')).toBe(false);
    expect(emailAllowed(list, 'bob@team.test.evil')).toBe(false);
    expect(emailAllowed(list, undefined)).toBe(false);
  });
  it('allows everyone with an empty list', () => {
    expect(emailAllowed([], 'anyone@anywhere.test')).toBe(true);
  });
});

describe('trustedEmail', () => {
  it('takes an address only when the provider says it is verified', () => {
    expect(trustedEmail({ email: 'a@b.test', email_verified: true }, false)).toBe('a@b.test');
    expect(trustedEmail({ email: 'a@b.test', email_verified: 'true' }, false)).toBe('a@b.test');
    expect(trustedEmail({ email: 'a@b.test', email_verified: false }, false)).toBeUndefined();
    // Missing is not verified.
    expect(trustedEmail({ email: 'a@b.test' }, false)).toBeUndefined();
    expect(trustedEmail({ email: 'a@b.test', email_verified: 'yes' }, false)).toBeUndefined();
  });
  it('takes it as given with OIDC_ALLOW_UNVERIFIED_EMAIL', () => {
    expect(trustedEmail({ email: 'a@b.test' }, true)).toBe('a@b.test');
    expect(trustedEmail({ email: 'a@b.test', email_verified: false }, true)).toBe('a@b.test');
    expect(trustedEmail({}, true)).toBeUndefined();
  });
});
