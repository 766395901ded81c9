import { Lexer, type Token, type TokensList } from 'marked';
import { MATH_EXTENSIONS, stopHeadingsAtFormulas } from './math-extension';

/** One top-level Markdown block: rendered and memoised on its own. */
export interface MarkdownBlock {
  /** The block's source, trailing blank lines included. */
  text: string;
  /** marked's tokens for the block (one block token; blank-line tokens dropped). */
  tokens: Token[];
  /** No more text can change how it renders: code in it may be highlighted. */
  settled: boolean;
}

/** Link reference definitions (`[x]: https://…`) seen so far, for `[text][x]` in later blocks. */
export type LinkDefinitions = TokensList['links'];

/** The result of splitting a source, reusable to split a longer version of it cheaply. */
export interface BlockSplit {
  source: string;
  blocks: MarkdownBlock[];
  /** Offset of the last block in `source`: everything before it is final. */
  lastStart: number;
  /** Definitions found in the blocks before the last one. */
  links: LinkDefinitions;
}

const EMPTY: BlockSplit = { source: '', blocks: [], lastStart: 0, links: {} };

/** Is `raw` (a fenced code token) closed by a matching fence? */
function fenceClosed(raw: string): boolean {
  const open = /^ {0,3}(`{3,}|~{3,})/.exec(raw);
  if (!open) return false;
  const fence = open[1]!;
  const lines = raw.replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return false;
  const last = lines[lines.length - 1]!.trim();
  return last.length >= fence.length && [...last].every((ch) => ch === fence[0]);
}

/** Lexes with a fresh lexer (marked's default one keeps definitions between calls), seeded with `links`. */
function lex(text: string, links: LinkDefinitions): TokensList {
  const lexer = new Lexer({ gfm: true, extensions: MATH_EXTENSIONS });
  Object.assign(lexer.tokens.links, links);
  stopHeadingsAtFormulas(lexer);
  return lexer.lex(text);
}

interface Tail {
  blocks: MarkdownBlock[];
  starts: number[];
  links: LinkDefinitions;
}

/** Splits `text` (starting at `offset` of the full source) into blocks with their start offsets. */
function splitTail(text: string, offset: number, links: LinkDefinitions): Tail {
  const tokens = lex(text, links);
  const blocks: MarkdownBlock[] = [];
  const starts: number[] = [];
  // marked's tokens cover the input exactly; if that ever stops being true, one block is safe.
  if (tokens.reduce((n, t) => n + t.raw.length, 0) !== text.length) {
    if (text)
      blocks.push({ text, tokens: tokens.filter((t) => t.type !== 'space'), settled: false });
    return { blocks, starts: text ? [offset] : [], links: tokens.links };
  }
  let at = offset;
  for (const token of tokens) {
    const previous = blocks[blocks.length - 1];
    if (token.type === 'space' && previous) {
      previous.text += token.raw;
    } else {
      blocks.push({
        text: token.raw,
        tokens: token.type === 'space' ? [] : [token],
        settled: true,
      });
      starts.push(at);
    }
    at += token.raw.length;
  }
  // Only the last block can still change; a fenced code block is settled as soon as it is closed.
  const last = blocks[blocks.length - 1];
  const lastToken = last?.tokens[0];
  if (last) last.settled = lastToken?.type === 'code' && fenceClosed(lastToken.raw);
  return { blocks, starts, links: tokens.links };
}

/** Normalises line endings the way Markdown does, so offsets stay stable while text streams. */
function normalise(source: string): string {
  return source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
}

/**
 * `text` as a string of its own. A slice of a longer string may keep all of it alive (V8 makes a
 * slice of 13 characters or more a view of its parent), and every block's text and tokens are
 * slices of what was lexed: lexing `source.slice(lastStart)` directly, each finished block kept
 * the whole answer as it was when that block was lexed, a copy per update, 10 MB retained for an
 * 86 KB answer (and a major garbage collection mid-stream). Slicing a character off a
 * concatenation first writes the concatenation out as a new string, so the result is a view of
 * that copy alone; it costs a copy of the tail, which is lexed in full anyway.
 */
function detached(text: string): string {
  return (' ' + text).slice(1);
}

/** Splits a whole document into top-level blocks with marked's lexer. */
export function splitMarkdown(source: string): BlockSplit {
  return extendSplit(EMPTY, source);
}

/**
 * Splits `source` reusing `previous` when `source` extends it: only the text from the last block on
 * is lexed again, so the cost of an update does not grow with the length of the answer. Blocks
 * before the last are kept as they are (same objects, so memoised renders are reused).
 */
export function extendSplit(previous: BlockSplit, source: string): BlockSplit {
  const text = normalise(source);
  if (text === previous.source) return previous;
  const reuse = previous.blocks.length > 0 && text.startsWith(previous.source);
  const from = reuse ? previous.lastStart : 0;
  const kept = reuse ? previous.blocks.slice(0, -1) : [];
  const links = reuse ? previous.links : {};
  const tail = splitTail(detached(text.slice(from)), from, links);
  const blocks = kept.concat(tail.blocks);
  const lastStart = tail.starts[tail.starts.length - 1] ?? from;
  // A definition in the last block may still grow; marked keeps the first definition of a label,
  // so a partial one must not be carried into the next call.
  let committed = tail.links;
  const lastToken = tail.blocks.at(-1)?.tokens[0];
  if (lastToken?.type === 'def' && !(lastToken.tag in links)) {
    const { [lastToken.tag]: _pending, ...rest } = tail.links;
    committed = rest;
  }
  return { source: text, blocks, lastStart, links: committed };
}

/**
 * The split of a text that will not grow any more, every block settled. The streamed split is kept
 * when it is exact — it is, unless a link reference definition could apply to a block before it
 * (marked resolves `[text][ref]` against definitions anywhere in the document) — so ending a long
 * answer does not lex it all again.
 */
export function finalSplit(split: BlockSplit): BlockSplit {
  const hasDefinitions =
    Object.keys(split.links).length > 0 || split.blocks.at(-1)?.tokens[0]?.type === 'def';
  return settleSplit(hasDefinitions ? splitMarkdown(split.source) : split);
}

/** Marks every block settled: the answer ended, nothing will be appended. */
export function settleSplit(split: BlockSplit): BlockSplit {
  if (split.blocks.every((b) => b.settled)) return split;
  return { ...split, blocks: split.blocks.map((b) => (b.settled ? b : { ...b, settled: true })) };
}

/**
 * A stateful splitter for one streaming text: each call extends the previous split when the text
 * grew, so a component can keep it across renders without touching the split itself.
 */
export function createBlockSplitter(): (source: string) => BlockSplit {
  let last = EMPTY;
  return (source) => (last = extendSplit(last, source));
}

/**
 * Every construct the lexer has rules for, in small documents: lexing each once compiles and warms
 * its rules. Separate pieces so that each can be lexed in its own idle moment.
 */
const WARM_UP_SAMPLES = [
  '# Heading\n\nSetext heading\n---',
  'A paragraph with *emphasis*, **strong**, ~~struck~~, `code`, a [link](https://example.com) and https://example.org.',
  '- item\n  - nested [x] task\n1. first\n2. second',
  '| a | b |\n| - | -: |\n| 1 | 2 |',
  '> quoted\n\n***',
  '```ts\nconst x = 1;\n```\n\n    indented code',
  '[ref]: https://example.com "title"\n\n[text][ref]\n\n<div>html</div>',
];

/**
 * Steps that each lex a small document with some Markdown constructs, together all of them. V8
 * compiles regular expressions and optimises code on first use; running the steps while the page
 * is idle keeps that cost out of the first streamed answer.
 */
export function lexerWarmUpSteps(): (() => BlockSplit)[] {
  return WARM_UP_SAMPLES.map((sample) => () => splitMarkdown(sample));
}
