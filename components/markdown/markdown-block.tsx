import { memo } from 'react';
import type { MarkdownBlock as Block } from '@/lib/markdown/markdown-blocks';
import { renderBlocks } from './markdown-tokens';

/** Only code reacts to `settled` (it is highlighted then); other blocks render the same either way. */
function hasCode(block: Block): boolean {
  return (
    block.tokens[0]?.type === 'code' || block.text.includes('```') || block.text.includes('~~~')
  );
}

/**
 * Whether `next` renders exactly like `previous`: the same tokens (blocks are lexed once and kept,
 * so identity is enough; a block lexed again may resolve a reference link differently), and
 * highlighting would not change.
 */
export function sameBlock(previous: Block, next: Block): boolean {
  return (
    previous === next ||
    (previous.tokens === next.tokens && (previous.settled === next.settled || !hasCode(next)))
  );
}

/**
 * One top-level block, rendered from the marked tokens the splitter already produced (no second
 * parse). Memoised by its tokens: while an answer streams only the last block re-renders, and
 * a block that merely becomes settled re-renders only if it has code to highlight.
 */
export const MarkdownBlock = memo(
  function MarkdownBlock({ block, caret = false }: { block: Block; caret?: boolean }) {
    return (
      <div className={caret ? 'md-block caret' : 'md-block'}>
        {renderBlocks(block.tokens, block.settled)}
      </div>
    );
  },
  (a, b) => a.caret === b.caret && sameBlock(a.block, b.block),
);
