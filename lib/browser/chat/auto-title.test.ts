import { describe, expect, it } from 'vitest';
import { cleanTitle } from './auto-title';

describe('a model reply as a title', () => {
  it('takes the first line without quotes, markup or full stop', () => {
    expect(cleanTitle('"Tides and the Moon."')).toBe('Tides and the Moon');
    expect(cleanTitle('**Title:** Sourdough basics\nMore text')).toBe('Sourdough basics');
    expect(cleanTitle('  «Les marées»  ')).toBe('Les marées');
  });

  it('cuts a long one', () => {
    expect(cleanTitle('word '.repeat(30)).length).toBeLessThanOrEqual(60);
  });
});
