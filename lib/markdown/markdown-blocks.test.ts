import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Token } from 'marked';
import { describe, expect, it } from 'vitest';
import {
  createBlockSplitter,
  extendSplit,
  finalSplit,
  lexerWarmUpSteps,
  settleSplit,
  splitMarkdown,
  type BlockSplit,
} from './markdown-blocks';

const DOC = [
  '# Title',
  '',
  'A paragraph with `code` and **bold**.',
  '',
  '```ts',
  'const a = 1;',
  '```',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '- one',
  '- two',
  '',
  'Last paragraph.',
  '',
].join('\n');

/** Streams `doc` in chunks of `size` characters through extendSplit. */
function stream(doc: string, size: number): BlockSplit[] {
  const splits: BlockSplit[] = [];
  let split = splitMarkdown('');
  for (let i = size; i < doc.length + size; i += size) {
    split = extendSplit(split, doc.slice(0, i));
    splits.push(split);
  }
  return splits;
}

describe('splitMarkdown', () => {
  it('splits top-level blocks and keeps every character', () => {
    const split = splitMarkdown(DOC);
    expect(split.blocks.map((b) => b.text.trim().split('\n')[0])).toEqual([
      '# Title',
      'A paragraph with `code` and **bold**.',
      '```ts',
      '| a | b |',
      '- one',
      'Last paragraph.',
    ]);
    expect(split.blocks.map((b) => b.text).join('')).toBe(DOC);
  });

  it('marks only the last block unsettled, unless it is a closed fence', () => {
    expect(splitMarkdown(DOC).blocks.map((b) => b.settled)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(splitMarkdown('intro\n\n```py\nx = 1\n').blocks.at(-1)?.settled).toBe(false);
    expect(splitMarkdown('intro\n\n```py\nx = 1\n```').blocks.at(-1)?.settled).toBe(true);
    expect(splitMarkdown('````\n```\n').blocks.at(-1)?.settled).toBe(false);
  });

  it('normalises CRLF', () => {
    expect(splitMarkdown('a\r\n\r\nb').blocks.map((b) => b.text)).toEqual(['a\n\n', 'b']);
  });

  it('keeps marked tokens per block, so rendering needs no second parse', () => {
    const split = splitMarkdown(DOC);
    expect(split.blocks.map((b) => b.tokens[0]?.type)).toEqual([
      'heading',
      'paragraph',
      'code',
      'table',
      'list',
      'paragraph',
    ]);
  });

  it('resolves reference links defined in an earlier block while streaming', () => {
    const doc = '[x]: https://example.com\n\nSee [the site][x] now.';
    const streamed = stream(doc, 5).at(-1)!;
    const paragraph = streamed.blocks.at(-1)!.tokens[0] as {
      tokens: { type: string; href?: string }[];
    };
    expect(paragraph.tokens.find((t) => t.type === 'link')?.href).toBe('https://example.com');
  });

  it('does not commit a definition that was still streaming', () => {
    let split = splitMarkdown('[x]: https://exa');
    split = extendSplit(split, '[x]: https://example.com\n\n[y][x]');
    const paragraph = split.blocks.at(-1)!.tokens[0] as {
      tokens: { type: string; href?: string }[];
    };
    expect(paragraph.tokens[0]?.href).toBe('https://example.com');
  });
});

describe('extendSplit (streaming)', () => {
  it('ends with the same blocks and tokens as a full split, at every chunk size', () => {
    const full = splitMarkdown(DOC).blocks.map((b) => [b.text, b.tokens]);
    for (const size of [1, 3, 7, 40]) {
      expect(
        stream(DOC, size)
          .at(-1)!
          .blocks.map((b) => [b.text, b.tokens]),
      ).toEqual(full);
    }
  });

  it('reuses finished blocks: same objects, so memoised renders are kept', () => {
    const a = extendSplit(splitMarkdown(''), '# Title\n\nFirst para');
    const b = extendSplit(a, '# Title\n\nFirst paragraph grows');
    expect(b.blocks[0]).toBe(a.blocks[0]);
    expect(b.blocks[1]!.text).toBe('First paragraph grows');
  });

  it('only lexes from the last block on', () => {
    const long = `${'Para.\n\n'.repeat(2000)}tail`;
    const split = splitMarkdown(long);
    const next = extendSplit(split, `${long} more`);
    expect(next.lastStart).toBe(split.lastStart);
    expect(next.blocks).toHaveLength(split.blocks.length);
    expect(next.blocks.at(-1)!.text).toBe('tail more');
  });

  it('starts over when the text is not an extension (regenerated answer)', () => {
    const a = splitMarkdown('one\n\ntwo');
    const b = extendSplit(a, 'three');
    expect(b.blocks.map((x) => x.text)).toEqual(['three']);
  });

  it('returns the same split when nothing changed', () => {
    const a = splitMarkdown(DOC);
    expect(extendSplit(a, DOC)).toBe(a);
  });
});

describe('settleSplit', () => {
  it('marks every block settled once the answer ended', () => {
    const split = settleSplit(splitMarkdown('a\n\n```js\nx'));
    expect(split.blocks.every((b) => b.settled)).toBe(true);
  });
});

describe('finalSplit', () => {
  it('keeps the streamed blocks (no second lexing of the whole answer) and settles them', () => {
    const streamed = stream(`${DOC}\n\`\`\`js\nlet open = true;`, 5).at(-1)!;
    const final = finalSplit(streamed);
    expect(final.blocks.slice(0, -1)).toEqual(streamed.blocks.slice(0, -1));
    expect(final.blocks[0]).toBe(streamed.blocks[0]);
    expect(final.blocks.every((b) => b.settled)).toBe(true);
  });

  it('lexes again when a link definition comes after the reference it resolves', () => {
    const doc = 'See [the docs][d].\n\n[d]: https://example.com/docs\n';
    const streamed = stream(doc, 4).at(-1)!;
    const link = (split: BlockSplit) =>
      JSON.stringify(split.blocks[0]!.tokens).includes('"type":"link"');
    expect(link(streamed)).toBe(false);
    expect(link(finalSplit(streamed))).toBe(true);
  });
});

describe('lexerWarmUpSteps', () => {
  it('together lex every kind of block and inline the answers use', () => {
    const types = new Set<string>();
    const collect = (tokens: readonly Token[]) => {
      for (const token of tokens) {
        types.add(token.type);
        if ('tokens' in token && token.tokens) collect(token.tokens);
        if (token.type === 'list') for (const item of token.items as Token[]) collect([item]);
        if (token.type === 'table') {
          for (const cell of token.header as { tokens: Token[] }[]) collect(cell.tokens);
        }
      }
    };
    for (const step of lexerWarmUpSteps()) {
      for (const block of step().blocks) collect(block.tokens);
    }
    for (const type of [
      'heading',
      'paragraph',
      'list',
      'list_item',
      'table',
      'blockquote',
      'hr',
      'code',
      'def',
      'html',
      'em',
      'strong',
      'del',
      'codespan',
      'link',
    ]) {
      expect(types, type).toContain(type);
    }
  });
});

describe('what a streamed split keeps in memory', () => {
  it('holds about the text it shows, not a copy of the answer per update', () => {
    // A slice of a longer string can keep all of it alive in V8: blocks lexed from slices of the
    // whole answer kept one copy of it per update (10 MB for an 86 KB answer, a major garbage
    // collection mid-stream in `bench:render`).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const paragraph = (n: number) =>
      `Paragraph ${n}: ${'tokens stream through the parser and render as they arrive, '.repeat(4)}\n\n`;
    const answer = Array.from({ length: 400 }, (_, n) => paragraph(n)).join('');
    gc();
    const before = process.memoryUsage().heapUsed;
    const split = createBlockSplitter();
    let shown = '';
    let last: BlockSplit | undefined;
    for (let at = 0; at < answer.length; at += 80) {
      shown += answer.slice(at, at + 80);
      last = split(shown);
    }
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    expect(last!.blocks).toHaveLength(400);
    // The answer is ~100 KB; its blocks and tokens take a few times that.
    expect(retained).toBeLessThan(20 * answer.length);
  });
});
