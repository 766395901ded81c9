'use client';

import { useEffect } from 'react';
import { warmUpLexer } from '@/lib/chat/markdown-blocks';
import { warmUpHighlighter } from './highlighter';
import { whenIdle } from './idle';

/**
 * Once per page, while it is idle: compiles the Markdown lexer, and starts the highlighting worker
 * (which compiles its grammars on its own thread), so the first answer does not pay for them in
 * the middle of its stream.
 */
let warmedUp = false;

export function useMarkdownWarmUp(): void {
  useEffect(() => {
    if (warmedUp) return;
    warmedUp = true;
    // Not cancelled on unmount: it is done once for the page, whoever asked first.
    whenIdle(() => {
      warmUpLexer();
      warmUpHighlighter();
    }, 5_000);
  }, []);
}
