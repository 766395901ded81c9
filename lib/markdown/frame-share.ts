import type { MarkdownBlock } from './markdown-blocks';

/**
 * The most new Markdown, in characters of source, one frame shows of a streaming answer. An
 * update that brings more is shown over consecutive frames in parts of about equal size, each at
 * most this: the script task that renders it and the frame that styles, lays out and paints it
 * each handle a part. In `npm run bench:render` (1,000 tokens/s, docs/performance.md, "Streaming
 * at 4×: one large update over two frames") an update at 1× brought at most ~1,300 characters
 * (median ~200): always shown at once; at 4× CPU the stream scheduler is at its longest interval
 * and each update brings ~2,700 (~450 tokens): shown in two frames.
 */
export const FRAME_SHARE_CHARS = 2_000;

/**
 * How many of `blocks` (a streaming answer's split) to show now, when the first `shownChars`
 * characters of its source are on screen already. All of them when the text not shown yet is at
 * most `share` characters; otherwise that text is cut into the fewest parts of at most `share`,
 * and the blocks that end within the first part are shown — at least one block more than is on
 * screen, unless a block on screen in part grew (a block is shown whole or not at all, so a block
 * longer than a part is a part of its own). Called again in the next frame with what it returned
 * on screen, it shows the next part.
 */
export function blocksShownNow(
  blocks: readonly MarkdownBlock[],
  shownChars: number,
  share = FRAME_SHARE_CHARS,
): number {
  const pending = charsOfBlocks(blocks, blocks.length) - shownChars;
  if (pending <= share) return blocks.length;
  const partEnd = shownChars + pending / Math.ceil(pending / share);
  let count = blocksCovering(blocks, shownChars);
  let end = charsOfBlocks(blocks, count);
  if (end <= shownChars) end += blocks[count++]!.text.length;
  while (count < blocks.length && end + blocks[count]!.text.length <= partEnd)
    end += blocks[count++]!.text.length;
  return count;
}

/** The fewest of `blocks` that cover the first `chars` characters of their source. */
export function blocksCovering(blocks: readonly MarkdownBlock[], chars: number): number {
  let end = 0;
  for (let i = 0; i < blocks.length; i++) {
    if (end >= chars) return i;
    end += blocks[i]!.text.length;
  }
  return blocks.length;
}

/** The characters of source that the first `count` blocks cover. */
export function charsOfBlocks(blocks: readonly MarkdownBlock[], count: number): number {
  let chars = 0;
  for (let i = 0; i < count && i < blocks.length; i++) chars += blocks[i]!.text.length;
  return chars;
}
