import { describe, expect, it } from 'vitest';
import { isAllowedRemoteImage } from './image-url';

const HOSTS = ['images.example.com', '*.cdn.example.org'];

describe('isAllowedRemoteImage', () => {
  it('allows https URLs on the listed hosts and their wildcard subdomains', () => {
    expect(isAllowedRemoteImage('https://images.example.com/cat.png', HOSTS)).toBe(true);
    expect(isAllowedRemoteImage('https://a.cdn.example.org/@user/cat.png', HOSTS)).toBe(true);
    expect(isAllowedRemoteImage('https://images.example.com:443/cat.png', HOSTS)).toBe(true);
  });

  it.each<[string, string, string[]?]>([
    ['another host', 'https://evil.test/cat.png'],
    ['http', 'http://images.example.com/cat.png'],
    ['userinfo', 'https://images.example.com@10.0.0.5/cat.png'],
    ['an explicit port', 'https://images.example.com:8443/cat.png'],
    // A browser's parser ends the host at the backslash; Python's reads 10.0.0.5:8443 as the host.
    ['a backslash before userinfo', 'https://images.example.com\\@10.0.0.5:8443/admin'],
    ['a backslash before the path', 'https://images.example.com\\cat.png'],
    ['a tab inside the host', 'https://images.exa\tmple.com/cat.png'],
    ['a line break', 'https://images.example.com/\n@10.0.0.5/'],
    ['a space', 'https://images.example.com /cat.png'],
    ['no hosts configured', 'https://images.example.com/cat.png', []],
  ])('refuses %s', (_label, url, hosts = HOSTS) => {
    expect(isAllowedRemoteImage(url, hosts)).toBe(false);
  });
});
