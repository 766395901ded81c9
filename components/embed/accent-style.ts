import type { CSSProperties } from 'react';
import { textOn } from '@/lib/protocol/embed-accent';

/**
 * The site's accent colour as CSS variables on the widget's root. Besides the header's own
 * `--embed-accent`, it re-points the Tailwind theme's teal (the chat UI's accent: send button,
 * focus rings, links) at the site's colour, for the widget only: Tailwind 4 utilities read
 * `var(--color-teal-…)`, so the chat components need no change.
 */
export function accentStyle(accent: string | null): CSSProperties | undefined {
  if (!accent) return undefined;
  const darker = `color-mix(in oklab, ${accent} 82%, black)`;
  const lighter = `color-mix(in oklab, ${accent} 78%, white)`;
  return {
    '--embed-accent': accent,
    '--embed-accent-text': textOn(accent),
    '--color-teal-400': lighter,
    '--color-teal-500': accent,
    '--color-teal-600': accent,
    '--color-teal-700': accent,
    '--color-teal-800': darker,
  } as CSSProperties;
}
