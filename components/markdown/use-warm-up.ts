'use client';

import { useEffect } from 'react';
import { lexerWarmUpSteps } from '@/lib/markdown/markdown-blocks';
import { createIdleQueue } from './idle';

/**
 * Once per page, while it is idle (from the moment the chat shows, while the person reads or
 * types): compiles the Markdown lexer's rules a few at a time, so neither the send nor the first
 * answer pays for them. (The highlighting worker starts with the first code block instead; see
 * `warmUpHighlighter`.)
 */
let warmedUp = false;

export function useMarkdownWarmUp(): void {
  useEffect(() => {
    if (warmedUp) return;
    warmedUp = true;
    // Not cancelled on unmount: it is done once for the page, whoever asked first.
    const queue = createIdleQueue(5_000);
    for (const step of lexerWarmUpSteps()) queue.add(step);
  }, []);
}
