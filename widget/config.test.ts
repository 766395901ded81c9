import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCENT, readConfig } from './config';

const attrs = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('readConfig', () => {
  it('frames /embed on the origin the script came from', () => {
    const config = readConfig(attrs({}), 'https://chat.example.com/widget.js?v=2');
    expect(config).toEqual({
      appOrigin: 'https://chat.example.com',
      frameSrc: 'https://chat.example.com/embed',
      side: 'right',
      open: false,
      accent: DEFAULT_ACCENT,
    });
  });

  it('forwards the known data attributes as search parameters, and nothing else', () => {
    const config = readConfig(
      attrs({
        'data-title': 'Help & support',
        'data-greeting': 'Hi!',
        'data-placeholder': 'Ask',
        'data-model': 'vllm:reasoning',
        'data-theme': 'dark',
        'data-accent': '#FF0080',
        'data-position': 'left',
        'data-open': '',
        'data-src': 'https://evil.test',
      }),
      'http://127.0.0.1:3100/widget.js',
    );
    const url = new URL(config.frameSrc);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:3100/embed');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      title: 'Help & support',
      greeting: 'Hi!',
      placeholder: 'Ask',
      model: 'vllm:reasoning',
      theme: 'dark',
      accent: '#FF0080',
    });
    expect(config).toMatchObject({ side: 'left', open: true, accent: '#FF0080' });
  });

  it('uses the default accent for anything but a hex colour, and data-open="false" stays closed', () => {
    const config = readConfig(
      attrs({ 'data-accent': 'red;position:static', 'data-open': 'false' }),
      'https://a.test/widget.js',
    );
    expect(config).toMatchObject({ accent: DEFAULT_ACCENT, open: false });
  });

  it('turns the data-show-details flag into show-details=1 ("false" leaves it off)', () => {
    const on = readConfig(attrs({ 'data-show-details': '' }), 'https://a.test/widget.js');
    expect(new URL(on.frameSrc).searchParams.get('show-details')).toBe('1');
    const off = readConfig(attrs({ 'data-show-details': 'false' }), 'https://a.test/widget.js');
    expect(new URL(off.frameSrc).searchParams.has('show-details')).toBe(false);
  });
});
