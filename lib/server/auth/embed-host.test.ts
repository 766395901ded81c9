import { describe, expect, it } from 'vitest';
import { framingSite } from './embed-host';

describe('framingSite', () => {
  const allow = ['https://site.test'];
  const from = (referer?: string) => new Headers(referer ? { referer } : {});
  it('is the origin of the page that loaded the frame, when it may embed the widget', () => {
    expect(framingSite(from('https://site.test/blog/post?x=1'), allow)).toBe('https://site.test');
    expect(framingSite(from('https://site.test/'), '*')).toBe('https://site.test');
  });
  it('is nothing for another site, a missing or broken Referer', () => {
    expect(framingSite(from('https://evil.test/'), allow)).toBeUndefined();
    expect(framingSite(from(), allow)).toBeUndefined();
    expect(framingSite(from('not a url'), allow)).toBeUndefined();
  });
});
