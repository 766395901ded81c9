import type {
  Lexer,
  MarkedOptions,
  TokenizerExtensionFunction,
  TokenizerStartFunction,
} from 'marked';

/** A formula in an answer: TeX source without its delimiters; `display` for a formula on its own. */
export interface MathToken {
  type: 'math';
  raw: string;
  text: string;
  display: boolean;
}

/**
 * A display formula starting a block: `$$…$$` or `\[…\]` (several lines, but no blank one and no
 * line that opens another — a formula is never a paragraph apart, and an unclosed one must not
 * swallow the rest of an answer).
 */
const BLOCK =
  /^ {0,3}(?:\$\$((?:(?!\n[ \t]*\n|\n {0,3}\$\$)[^])+?)\n?\$\$|\\\[((?:(?!\n[ \t]*\n|\n {0,3}\\\[)[^])+?)\\\])[ \t]*(?:\n|$)/;

/** Where a display formula may start a line, so a paragraph ends before it. */
const BLOCK_START = /\n {0,3}(?:\$\$|\\\[)/;

/**
 * Inline formulas. `$…$` follows the rule of pandoc and GitHub: no space after the opening `$`,
 * none before the closing one, and no digit right after it — so "$5 and $10" stays text. `\$` is
 * marked's escape (a literal dollar), since no formula starts with it. `\(…\)` and `\[…\]` read
 * TeX's escapes in pairs (`\\[2pt]` is a line break) and stop at another opener of their kind: an
 * unclosed one scanning to the end of the paragraph made many of them quadratic, and the streaming
 * renderer lexes the last paragraph again on every update. (A blank line is no bound here: marked
 * hands the inline rules one paragraph at a time.)
 */
const INLINE: [RegExp, boolean][] = [
  [/^\$\$((?:\\[^]|[^\\$])+?)\$\$/, true],
  [/^\\\[((?:\\[^[]|[^\\])+?)\\\]/, true],
  [/^\\\(((?:\\[^(]|[^\\])+?)\\\)/, false],
  [/^\$(?![\s$])((?:\\[^]|[^\\$])*?[^\s\\])\$(?!\d)/, false],
];

const INLINE_START = /\$|\\[([]/;

const block: TokenizerExtensionFunction = (src) => {
  const match = BLOCK.exec(src);
  if (!match) return undefined;
  const text = (match[1] ?? match[2] ?? '').trim();
  return text ? ({ type: 'math', raw: match[0], text, display: true } as MathToken) : undefined;
};

const inline: TokenizerExtensionFunction = (src) => {
  for (const [pattern, display] of INLINE) {
    const match = pattern.exec(src);
    const text = match?.[1]?.trim();
    if (match && text) return { type: 'math', raw: match[0], text, display } as MathToken;
  }
  return undefined;
};

const startBlock: TokenizerStartFunction = (src) => {
  const at = src.search(BLOCK_START);
  return at < 0 ? undefined : at + 1;
};

const startInline: TokenizerStartFunction = (src) => {
  const at = src.search(INLINE_START);
  return at < 0 ? undefined : at;
};

/**
 * Math in marked's lexer: `$…$`, `$$…$$`, `\(…\)` and `\[…\]` become `math` tokens. A formula
 * still streaming has no closing delimiter yet, so it stays text until it closes. Passed as the
 * lexer's `extensions` option (the form `marked.use` would build; the bundled lexer has no `use`).
 */
export const MATH_EXTENSIONS: NonNullable<MarkedOptions['extensions']> = {
  renderers: {},
  childTokens: {},
  block: [block],
  inline: [inline],
  startBlock: [startBlock],
  startInline: [startInline],
};

/**
 * marked reads a setext heading (`Title` over `---`) from a paragraph as far as its next blank line,
 * not knowing that a formula interrupts it, so each piece of a paragraph cut before a formula was
 * scanned to its end again: quadratic for many formulas with no blank line between them. Its heading
 * rule is given the paragraph as far as the next formula only.
 */
export function stopHeadingsAtFormulas(lexer: Lexer): void {
  const { tokenizer } = lexer as unknown as { tokenizer: { lheading(src: string): unknown } };
  const lheading = tokenizer.lheading.bind(tokenizer);
  tokenizer.lheading = (src) => {
    const at = src.search(BLOCK_START);
    return lheading(at < 0 ? src : src.slice(0, at));
  };
}

/** Whether `token` is a formula. */
export function isMath(token: { type: string }): token is MathToken {
  return token.type === 'math';
}
