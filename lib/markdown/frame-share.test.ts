import { describe, expect, it } from 'vitest';
import { blocksCovering, blocksShownNow, charsOfBlocks, FRAME_SHARE_CHARS } from './frame-share';
import { splitMarkdown, type MarkdownBlock } from './markdown-blocks';

/** Blocks of the given lengths (only their text counts here). */
const blocks = (...lengths: number[]): MarkdownBlock[] =>
  lengths.map((n) => ({ text: 'x'.repeat(n), tokens: [], settled: true }));

/** A paragraph of `n` characters, a blank line included. */
const paragraph = (n: number, word = 'word') =>
  `${word.repeat(Math.ceil(n / word.length)).slice(0, n - 2)}\n\n`;

describe('blocksShownNow', () => {
  it('shows every block when the new text is at most a share', () => {
    expect(blocksShownNow(blocks(300, 300, 300), 0, 1_000)).toBe(3);
    expect(blocksShownNow(blocks(300, 300, 400), 0, 1_000)).toBe(3);
    // Only the text not on screen counts, however long the answer is.
    expect(blocksShownNow(blocks(5_000, 5_000, 400, 500), 10_000, 1_000)).toBe(4);
  });

  it('shows a larger update in parts of about equal size, each at most a share', () => {
    // Parts end at a block boundary at or before their share: 2,100 characters in blocks of 700
    // are three parts, not two parts of 1,400.
    const sevens = blocks(700, 700, 700);
    expect(blocksShownNow(sevens, 0, 1_100)).toBe(1);
    expect(blocksShownNow(sevens, 700, 1_100)).toBe(2);
    expect(blocksShownNow(sevens, 1_400, 1_100)).toBe(3);
    // 1,200 new characters: two parts of ~600.
    const six = blocks(200, 200, 200, 200, 200, 200);
    expect(blocksShownNow(six, 0, 1_000)).toBe(3);
    // The next call, with those on screen, shows the rest.
    expect(blocksShownNow(six, charsOfBlocks(six, 3), 1_000)).toBe(6);
    // 2,400 new characters after 1,000 on screen: three parts of ~800.
    const more = blocks(1_000, ...Array<number>(12).fill(200));
    expect(blocksShownNow(more, 1_000, 1_000)).toBe(5);
    expect(blocksShownNow(more, charsOfBlocks(more, 5), 1_000)).toBe(9);
    expect(blocksShownNow(more, charsOfBlocks(more, 9), 1_000)).toBe(13);
  });

  it('shows a block whole, even one longer than a share', () => {
    expect(blocksShownNow(blocks(3_000, 200), 0, 1_000)).toBe(1);
    const long = blocks(100, 3_000, 200);
    expect(blocksShownNow(long, 0, 1_000)).toBe(1);
    expect(blocksShownNow(long, 100, 1_000)).toBe(2);
    expect(blocksShownNow(long, 3_100, 1_000)).toBe(3);
  });

  it('never shows less than is on screen: the last block may have grown', () => {
    // The answer ended 900 characters in, inside its second block, which has grown to 1,500
    // since: that block is shown whole with the first part, as the parts' size asks.
    const grown = blocks(500, 1_500, 600, 600);
    expect(blocksShownNow(grown, 900, 1_000)).toBe(2);
    expect(blocksShownNow(grown, 2_000, 1_000)).toBe(3);
    expect(blocksShownNow(grown, 2_600, 1_000)).toBe(4);
    // The grown block alone is more than the first part: still whole, and no block after it.
    expect(blocksShownNow(blocks(500, 2_500, 600, 600), 900, 1_000)).toBe(2);
  });

  it('splits a streamed answer at block boundaries, keeping what was on screen', () => {
    const before = splitMarkdown(paragraph(400));
    const text = before.source + paragraph(900, 'next ') + paragraph(800, 'more ') + 'and a tail';
    const after = splitMarkdown(text);
    const shownChars = charsOfBlocks(before.blocks, before.blocks.length);
    expect(shownChars).toBe(before.source.length);
    const now = blocksShownNow(after.blocks, shownChars, 1_000);
    expect(now).toBe(2);
    expect(after.blocks[1]!.text).toContain('next');
    expect(blocksShownNow(after.blocks, charsOfBlocks(after.blocks, now), 1_000)).toBe(4);
  });

  it('has a share above what one update brings at 1× in the benchmark, and below 4×', () => {
    // docs/performance.md, "Streaming at 4×: one large update over two frames": at most ~1,300
    // characters an update at 1×, ~2,700 at 4×.
    expect(FRAME_SHARE_CHARS).toBeGreaterThan(1_300 * 1.5);
    expect(FRAME_SHARE_CHARS).toBeLessThan(2_700);
  });
});

describe('charsOfBlocks', () => {
  it('counts the source the first blocks cover', () => {
    expect(charsOfBlocks(blocks(10, 20, 30), 0)).toBe(0);
    expect(charsOfBlocks(blocks(10, 20, 30), 2)).toBe(30);
    expect(charsOfBlocks(blocks(10, 20, 30), 5)).toBe(60);
  });
});

describe('blocksCovering', () => {
  it('counts the blocks that hold the first characters, a block in part included', () => {
    expect(blocksCovering(blocks(500, 1_500, 600), 0)).toBe(0);
    expect(blocksCovering(blocks(500, 1_500, 600), 500)).toBe(1);
    expect(blocksCovering(blocks(500, 1_500, 600), 900)).toBe(2);
    expect(blocksCovering(blocks(500, 1_500, 600), 9_000)).toBe(3);
  });
});
