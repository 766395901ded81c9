import { EMBED_THEMES, HEX_COLOR, SHOW_DETAILS_PARAM, type EmbedTheme } from './embed-wire';

/** How the `/embed` page looks and behaves, from its search parameters (set by the loader). */
export interface EmbedOptions {
  /** Shown in the header. */
  title: string;
  /** Shown before the first message, as the assistant's opening line (plain text). */
  greeting: string | null;
  placeholder: string | null;
  /** Locks the widget to this model id; null lets the visitor pick as on the main page. */
  model: string | null;
  theme: EmbedTheme;
  /** `#rgb` / `#rrggbb` only. */
  accent: string | null;
  /** Model names, answer statistics and keyboard hints (`data-show-details`); off by default. */
  showDetails: boolean;
}

const DEFAULT_EMBED_TITLE = 'Chat';

/** Longest accepted value per text option; longer values are cut, never refused. */
const EMBED_TEXT_LIMITS = {
  title: 60,
  greeting: 500,
  placeholder: 100,
  model: 200,
} as const;

/** Next's `searchParams` shape, or anything with a `get` like URLSearchParams. */
type SearchParamsLike =
  Record<string, string | string[] | undefined> | { get(name: string): string | null };

function read(params: SearchParamsLike, name: string): string | undefined {
  if (typeof params.get === 'function')
    return (params as { get(n: string): string | null }).get(name) ?? undefined;
  const value = (params as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Plain text for a label: control characters removed (newlines kept only where `multiline`), cut
 * at `max` characters. It is rendered as React text, so markup in it shows as characters.
 */
export function cleanText(
  value: string | undefined,
  max: number,
  multiline = false,
): string | null {
  if (value === undefined) return null;
  const stripped = multiline
    ? value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    : value.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  const text = Array.from(stripped.trim()).slice(0, max).join('').trim();
  return text || null;
}

/**
 * Parses the embed options leniently: a bad value falls back to its default instead of breaking
 * the widget on a site whose owner mistyped an attribute.
 */
export function parseEmbedOptions(params: SearchParamsLike): EmbedOptions {
  const theme = read(params, 'theme');
  const accent = read(params, 'accent')?.trim();
  return {
    title: cleanText(read(params, 'title'), EMBED_TEXT_LIMITS.title) ?? DEFAULT_EMBED_TITLE,
    greeting: cleanText(read(params, 'greeting'), EMBED_TEXT_LIMITS.greeting, true),
    placeholder: cleanText(read(params, 'placeholder'), EMBED_TEXT_LIMITS.placeholder),
    model: cleanText(read(params, 'model'), EMBED_TEXT_LIMITS.model),
    theme: (EMBED_THEMES as readonly string[]).includes(theme ?? '')
      ? (theme as EmbedTheme)
      : 'auto',
    accent: accent && HEX_COLOR.test(accent) ? accent.toLowerCase() : null,
    showDetails: read(params, SHOW_DETAILS_PARAM) === '1',
  };
}
