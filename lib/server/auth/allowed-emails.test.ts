import { describe, expect, it } from 'vitest';
import { emailAllowed } from './allowed-emails';

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
