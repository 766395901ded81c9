import { describe, expect, it } from 'vitest';
import { cleanText, parseEmbedOptions } from './embed-options';

describe('parseEmbedOptions', () => {
  it('has defaults', () => {
    expect(parseEmbedOptions({})).toEqual({
      title: 'Chat',
      greeting: null,
      placeholder: null,
      model: null,
      theme: 'auto',
      accent: null,
      showDetails: false,
    });
  });

  it('reads URLSearchParams and Next search params alike', () => {
    const query =
      'title=Support&greeting=Hi%21%0AAsk%20away&placeholder=Ask&model=vllm%3Areasoning&theme=dark&accent=%23FF0080&show-details=1';
    const expected = {
      title: 'Support',
      greeting: 'Hi!\nAsk away',
      placeholder: 'Ask',
      model: 'vllm:reasoning',
      theme: 'dark',
      accent: '#ff0080',
      showDetails: true,
    };
    expect(parseEmbedOptions(new URLSearchParams(query))).toEqual(expected);
    expect(parseEmbedOptions(Object.fromEntries(new URLSearchParams(query)))).toEqual(expected);
    expect(parseEmbedOptions({ title: ['First', 'Second'] }).title).toBe('First');
  });

  it('falls back on bad values instead of failing', () => {
    const options = parseEmbedOptions({
      theme: 'neon',
      accent: 'red;background:url(x)',
      title: '   ',
    });
    expect(options).toMatchObject({ theme: 'auto', accent: null, title: 'Chat' });
  });

  it('keeps markup as plain characters (it is rendered as text) and caps lengths', () => {
    expect(parseEmbedOptions({ title: '<img src=x onerror=alert(1)>' }).title).toBe(
      '<img src=x onerror=alert(1)>',
    );
    expect(parseEmbedOptions({ title: 'x'.repeat(500) }).title).toHaveLength(60);
  });
});

describe('cleanText', () => {
  it('removes control characters, keeping newlines only when multiline', () => {
    expect(cleanText('a\u0000b\u0007c\nd', 50)).toBe('a b c d');
    expect(cleanText('a\u0007b\r\nc', 50, true)).toBe('ab\nc');
  });

  it('cuts by characters, never inside a surrogate pair', () => {
    expect(cleanText('😀😀😀', 2)).toBe('😀😀');
  });
});
