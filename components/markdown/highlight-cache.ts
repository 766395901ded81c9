/**
 * Highlighted code already computed, by language and code (bounded: oldest dropped first). Apart
 * from the highlighter, so that a code block can show a cached result at once while the
 * highlighter itself (the worker's plumbing) is loaded only when a block needs it.
 */
const cache = new Map<string, string | null>();
const CACHE_SIZE = 300;

function cacheKey(code: string, language: string | undefined): string {
  return `${language ?? ''}\u0000${code}`;
}

/** The highlighted HTML when it was computed before; `undefined` when it was not. */
export function cachedHighlight(
  code: string,
  language: string | undefined,
): string | null | undefined {
  return cache.get(cacheKey(code, language));
}

/** Remembers a result for `cachedHighlight`. */
export function rememberHighlight(
  code: string,
  language: string | undefined,
  html: string | null,
): void {
  cache.set(cacheKey(code, language), html);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}
