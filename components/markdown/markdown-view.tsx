'use client';

import { useMemo, useState } from 'react';
import { createBlockSplitter, settleSplit, splitMarkdown } from '@/lib/chat/markdown-blocks';
import { MarkdownBlock } from './markdown-block';

/**
 * Markdown split into top-level blocks, each rendered and memoised on its own. While streaming the
 * split is extended incrementally (only the last block is lexed again); once the answer ended it is
 * split once more in full, so the final rendering is exactly the document's.
 */
export function MarkdownView({ source, streaming }: { source: string; streaming: boolean }) {
  const [splitter] = useState(createBlockSplitter);
  const split = useMemo(
    () => (streaming ? splitter(source) : settleSplit(splitMarkdown(source))),
    [splitter, source, streaming],
  );
  return (
    <div className="markdown">
      {split.blocks.map((block, i) => (
        <MarkdownBlock key={i} block={block} />
      ))}
    </div>
  );
}
