import { describe, expect, it } from 'vitest';
import { accessCodeStillValid, accessCodeUser, matchAccessCode } from './access-codes';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';
const codes = [{ name: 'team', code: 'correct horse' }, { code: 'battery staple' }];

describe('access codes', () => {
  it('matches the exact code only', () => {
    expect(matchAccessCode(codes, 'correct horse', secret)).toEqual(codes[0]);
    expect(matchAccessCode(codes, 'battery staple', secret)).toEqual(codes[1]);
    expect(matchAccessCode(codes, 'correct hors', secret)).toBeUndefined();
    expect(matchAccessCode(codes, 'correct horse ', secret)).toBeUndefined();
    expect(matchAccessCode(codes, '', secret)).toBeUndefined();
  });

  it('keys sessions by name, or by a digest that does not show the code', () => {
    expect(accessCodeUser(codes[0]!, secret)).toEqual({
      key: 'code:team',
      name: 'team',
      method: 'access-code',
    });
    const bare = accessCodeUser(codes[1]!, secret);
    expect(bare.key).toMatch(/^code:[0-9a-f]{12}$/);
    expect(bare.key).not.toContain('battery');
    expect(bare.name).toBe('Access code');
  });

  it('ends the sessions of a code that was removed', () => {
    const key = accessCodeUser(codes[1]!, secret).key;
    expect(accessCodeStillValid(codes, key, secret)).toBe(true);
    expect(accessCodeStillValid([codes[0]!], key, secret)).toBe(false);
  });
});
