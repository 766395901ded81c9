/**
 * Splits text into model-like tokens: each token is a word (or a piece of a
 * long word) with its leading whitespace, so concatenating tokens gives back
 * the text exactly.
 */

/** Longest piece a single word is allowed to be before it is split. */
const MAX_PIECE = 7;

/** Tokenises `text`; `text === tokens.join('')` always holds. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  // Whitespace run (possibly empty) followed by a non-whitespace run, or trailing whitespace.
  const re = /(\s*)(\S+)|(\s+)$/gu;
  for (const m of text.matchAll(re)) {
    if (m[3] !== undefined) {
      tokens.push(m[3]);
      continue;
    }
    const lead = m[1] ?? '';
    // Iterate by code point so surrogate pairs (emoji) are never cut in half.
    const chars = Array.from(m[2] ?? '');
    for (let i = 0; i < chars.length; i += MAX_PIECE) {
      const piece = chars.slice(i, i + MAX_PIECE).join('');
      tokens.push(i === 0 ? lead + piece : piece);
    }
  }
  return tokens;
}
