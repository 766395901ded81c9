'use client';

import { memo, useMemo, useState } from 'react';
import {
  createBlockSplitter,
  finalSplit,
  type MarkdownBlock as Block,
} from '@/lib/markdown/markdown-blocks';
import { MarkdownBlock, sameBlock } from './markdown-block';

/**
 * Blocks per chunk. A long answer has hundreds of top-level blocks; grouped in chunks, an update
 * re-renders one open chunk and the browser walks a few dozen boxes instead of every block.
 */
const CHUNK_BLOCKS = 16;

/**
 * Markdown split into top-level blocks, each rendered and memoised on its own, in chunks of
 * `CHUNK_BLOCKS`. While streaming the split is extended incrementally (only the last block is lexed
 * again); once the answer ended its blocks are settled (code highlighted), without lexing it all
 * again unless that could change the result (see `finalSplit`).
 */
export function MarkdownView({ source, streaming }: { source: string; streaming: boolean }) {
  const [splitter] = useState(createBlockSplitter);
  const split = useMemo(
    () => (streaming ? splitter(source) : finalSplit(splitter(source))),
    [splitter, source, streaming],
  );
  const chunks: Block[][] = [];
  for (let i = 0; i < split.blocks.length; i += CHUNK_BLOCKS) {
    chunks.push(split.blocks.slice(i, i + CHUNK_BLOCKS));
  }
  return (
    <div className="markdown">
      {chunks.map((blocks, i) => (
        <div key={i} className={CHUNK_SHAPES[Math.min(2, chunks.length - 1 - i)]}>
          <MarkdownChunk blocks={blocks} caret={streaming && i === chunks.length - 1} />
        </div>
      ))}
    </div>
  );
}

/**
 * A chunk's classes by how many chunks follow it (0, 1, 2 or more). markdown.css says what each
 * does, and why they are classes rather than positions counted from the end.
 */
const CHUNK_SHAPES = ['md-chunk', 'md-chunk finished', 'md-chunk finished skippable'];

/** A chunk's blocks; all but the last chunk of a streaming answer are finished and skip rendering. */
const MarkdownChunk = memo(
  function MarkdownChunk({ blocks, caret }: { blocks: Block[]; caret: boolean }) {
    return blocks.map((block, i) => (
      <MarkdownBlock key={i} block={block} caret={caret && i === blocks.length - 1} />
    ));
  },
  (a, b) =>
    a.caret === b.caret &&
    a.blocks.length === b.blocks.length &&
    a.blocks.every((block, i) => sameBlock(block, b.blocks[i]!)),
);
