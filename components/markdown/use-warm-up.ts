'use client';

import { useEffect } from 'react';
import { lexerWarmUpSteps, splitMarkdown } from '@/lib/markdown/markdown-blocks';
import { createIdleQueue, whenIdle } from './idle';

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

/** How much of a draft is lexed to warm the lexer: its rules run on the first blocks already. */
const DRAFT_SAMPLE = 1_000;

/** The draft waiting for the next idle moment, if one is scheduled. */
let pendingDraft: string | null = null;

/**
 * Called as the question is typed: lexes its start, twice, once the page is idle. A page left
 * idle for some seconds has its compiled code dropped by the browser's memory-saving garbage
 * collections, regular expressions included, and the send then renders the question as Markdown:
 * in Chromium at 4× CPU throttling that first lex of a one-line question took 5–65 ms of the
 * list's mount. V8 compiles a regular expression to machine code on its second run, hence twice;
 * warm, both take well under a millisecond. Only the latest draft is lexed.
 */
export function warmLexerFor(draft: string): void {
  const scheduled = pendingDraft !== null;
  pendingDraft = draft.slice(0, DRAFT_SAMPLE);
  if (scheduled) return;
  whenIdle(() => {
    const text = pendingDraft;
    pendingDraft = null;
    if (!text?.trim()) return;
    splitMarkdown(text);
    splitMarkdown(text);
  }, 1_000);
}
