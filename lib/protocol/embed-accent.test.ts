import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DARK_TEXT,
  expandHex,
  LIGHT_TEXT,
  relativeLuminance,
  textOn,
} from './embed-accent';

describe('accent colours', () => {
  it('expands short hex and refuses anything else', () => {
    expect(expandHex('#F08')).toBe('#ff0088');
    expect(expandHex('#123456')).toBe('#123456');
    expect(expandHex('red')).toBeNull();
    expect(expandHex('#12345')).toBeNull();
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBeCloseTo(1);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21);
  });

  it('picks the text colour that reads better', () => {
    expect(textOn('#2563eb')).toBe(LIGHT_TEXT);
    expect(textOn('#0f766e')).toBe(LIGHT_TEXT);
    expect(textOn('#facc15')).toBe(DARK_TEXT);
    expect(textOn('#ffffff')).toBe(DARK_TEXT);
  });
});
