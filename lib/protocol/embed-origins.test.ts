import { describe, expect, it } from 'vitest';
import {
  frameAncestors,
  framingHeaders,
  isEmbedPath,
  isOriginAllowed,
  parseAllowedOrigins,
} from './embed-origins';

describe('parseAllowedOrigins', () => {
  it('treats unset and empty as nobody', () => {
    expect(parseAllowedOrigins(undefined)).toEqual({ ok: true, allowlist: [] });
    expect(parseAllowedOrigins(' , ')).toEqual({ ok: true, allowlist: [] });
  });

  it('normalises and deduplicates origins', () => {
    expect(
      parseAllowedOrigins(
        ' https://Example.com/ , http://127.0.0.1:4020,https://example.com:443,http://[::1]:8080',
      ),
    ).toEqual({
      ok: true,
      allowlist: ['https://example.com', 'http://127.0.0.1:4020', 'http://[::1]:8080'],
    });
  });

  it('takes * only on its own', () => {
    expect(parseAllowedOrigins('*')).toEqual({ ok: true, allowlist: '*' });
    expect(parseAllowedOrigins('*, https://a.test')).toMatchObject({
      ok: false,
      error: expect.stringContaining('only entry'),
    });
  });

  it.each([
    'example.com',
    'ftp://example.com',
    'https://example.com/path',
    'https://example.com?x=1',
    'https://u:p@example.com',
    'https://*.example.com',
    'null',
  ])('refuses %s', (entry) => {
    const result = parseAllowedOrigins(`https://ok.test,${entry}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(entry);
  });
});

describe('isOriginAllowed', () => {
  it('matches exact origins only', () => {
    const list = ['https://a.test', 'http://127.0.0.1:4020'];
    expect(isOriginAllowed(list, 'https://a.test')).toBe(true);
    expect(isOriginAllowed(list, 'http://127.0.0.1:4020')).toBe(true);
    expect(isOriginAllowed(list, 'http://a.test')).toBe(false);
    expect(isOriginAllowed(list, 'https://a.test.evil.test')).toBe(false);
    expect(isOriginAllowed(list, 'http://127.0.0.1:4021')).toBe(false);
    expect(isOriginAllowed([], 'https://a.test')).toBe(false);
  });

  it('never allows an opaque origin, even with *', () => {
    expect(isOriginAllowed('*', 'https://any.test')).toBe(true);
    expect(isOriginAllowed('*', 'null')).toBe(false);
    expect(isOriginAllowed(['null'], 'null')).toBe(false);
  });
});

describe('framing headers', () => {
  it('builds frame-ancestors from the allowlist', () => {
    expect(frameAncestors([])).toBe("frame-ancestors 'none'");
    expect(frameAncestors('*')).toBe('frame-ancestors *');
    expect(frameAncestors(['https://a.test', 'http://b.test:8080'])).toBe(
      'frame-ancestors https://a.test http://b.test:8080',
    );
  });

  it('lets only /embed be framed', () => {
    expect(isEmbedPath('/embed')).toBe(true);
    expect(isEmbedPath('/embed/x')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
    expect(framingHeaders('/', ['https://a.test'])).toEqual({
      'Content-Security-Policy': "frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
    });
    expect(framingHeaders('/embed', ['https://a.test'])).toEqual({
      'Content-Security-Policy': 'frame-ancestors https://a.test',
    });
    expect(framingHeaders('/embed', '*')).toEqual({
      'Content-Security-Policy': 'frame-ancestors *',
    });
    expect(framingHeaders('/embed', [])).toEqual({
      'Content-Security-Policy': "frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
    });
  });
});
