import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps http, https and mailto', () => {
    expect(safeUrl('https://example.com/a?b#c')).toBe('https://example.com/a?b#c');
    expect(safeUrl('http://127.0.0.1:1/x.png')).toBe('http://127.0.0.1:1/x.png');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
  });
  it('drops script, data and relative URLs in any spelling', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '/relative',
      'foo',
      '//evil.com',
    ]) {
      expect(safeUrl(url)).toBeNull();
    }
  });
});
