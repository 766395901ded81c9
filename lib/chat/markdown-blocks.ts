import { Lexer, type Token } from 'marked';

/** One top-level Markdown block: rendered and memoised on its own. */
export interface MarkdownBlock {
  /** The block's source, trailing blank lines included. */
  text: string;
  /** No more text can change how it renders: code in it may be highlighted. */
  settled: boolean;
  /** A link reference definition (`[x]: https://…`): rendered with every block, not alone. */
  definition: boolean;
}

/** The result of splitting a source, reusable to split a longer version of it cheaply. */
export interface BlockSplit {
  source: string;
  blocks: MarkdownBlock[];
  /** Offset of the last block in `source`: everything before it is final. */
  lastStart: number;
}

const EMPTY: BlockSplit = { source: '', blocks: [], lastStart: 0 };

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

function lex(text: string): Token[] {
  // A fresh lexer each time: marked's default instance keeps link definitions between calls.
  return new Lexer({ gfm: true }).lex(text);
}

/** Splits `text` (starting at `offset` of the full source) into blocks with their start offsets. */
function splitTail(text: string, offset: number): { blocks: MarkdownBlock[]; starts: number[] } {
  const tokens = lex(text);
  // marked's tokens cover the input exactly; if that ever stops being true, one block is safe.
  if (tokens.reduce((n, t) => n + t.raw.length, 0) !== text.length) {
    return { blocks: text ? [{ text, settled: false, definition: false }] : [], starts: text ? [offset] : [] };
  }
  const blocks: MarkdownBlock[] = [];
  const starts: number[] = [];
  const kinds: Token[] = [];
  let at = offset;
  for (const token of tokens) {
    const previous = blocks[blocks.length - 1];
    if (token.type === 'space' && previous) {
      previous.text += token.raw;
    } else {
      blocks.push({ text: token.raw, settled: true, definition: token.type === 'def' });
      starts.push(at);
      kinds.push(token);
    }
    at += token.raw.length;
  }
  // Only the last block can still change; a fenced code block is settled as soon as it is closed.
  const last = blocks[blocks.length - 1];
  const lastToken = kinds[kinds.length - 1];
  if (last && lastToken) last.settled = lastToken.type === 'code' && fenceClosed(lastToken.raw);
  return { blocks, starts };
}

/** Normalises line endings the way Markdown does, so offsets stay stable while text streams. */
function normalise(source: string): string {
  return source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
}

/** Splits a whole document into top-level blocks (with marked's lexer). */
export function splitMarkdown(source: string): BlockSplit {
  return extendSplit(EMPTY, source);
}

/**
 * Splits `source` reusing `previous` when `source` extends it: only the text from the last block on
 * is lexed again, so the cost of an update does not grow with the length of the answer. Blocks
 * before the last are kept as they are (same strings, so memoised renders are reused).
 */
export function extendSplit(previous: BlockSplit, source: string): BlockSplit {
  const text = normalise(source);
  if (text === previous.source) return previous;
  const reuse = previous.blocks.length > 0 && text.startsWith(previous.source);
  const from = reuse ? previous.lastStart : 0;
  const kept = reuse ? previous.blocks.slice(0, -1) : [];
  const tail = splitTail(text.slice(from), from);
  const blocks = kept.concat(tail.blocks);
  const lastStart = tail.starts[tail.starts.length - 1] ?? from;
  return { source: text, blocks, lastStart };
}

/** Marks every block settled: the answer ended, nothing will be appended. */
export function settleSplit(split: BlockSplit): BlockSplit {
  if (split.blocks.every((b) => b.settled)) return split;
  return { ...split, blocks: split.blocks.map((b) => (b.settled ? b : { ...b, settled: true })) };
}

/** The link reference definitions of a split, to render alongside each block. */
export function definitionsOf(split: BlockSplit): string {
  return split.blocks
    .filter((b) => b.definition)
    .map((b) => b.text.trimEnd())
    .join('\n');
}
