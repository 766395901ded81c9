import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps paths on this site', () => {
    expect(safeNext('/')).toBe('/');
    expect(safeNext('/bench/baseline?x=1#y')).toBe('/bench/baseline?x=1#y');
  });
  it('refuses other sites and the sign-in pages', () => {
    for (const bad of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      'evil',
      '/sign-in',
      '/auth/oidc/callback',
      '/x\n',
      null,
      undefined,
      '',
    ]) {
      expect(safeNext(bad)).toBe('/');
    }
  });
});
