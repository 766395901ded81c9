/**
 * Text on a site's accent colour (`data-accent`), read the same way by the widget's loader (its
 * launcher) and by the chat inside the frame (its title bar and buttons).
 */
import { HEX_COLOR } from './embed-wire';

/** `#rgb` → `#rrggbb`, lower case; null for anything that is not a hex colour. */
export function expandHex(hex: string): string | null {
  if (!HEX_COLOR.test(hex)) return null;
  const h = hex.slice(1).toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

/** WCAG relative luminance of a hex colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const full = expandHex(hex) ?? '#000000';
  const channel = (i: number) => {
    const c = parseInt(full.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two hex colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#09090b';

/** White or near-black, whichever reads better on the accent (a site may pick any colour). */
export function textOn(accent: string): string {
  return contrastRatio(accent, LIGHT_TEXT) >= contrastRatio(accent, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT;
}
