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
 * Called as the question is typed: lexes its start, twice, once the page is idle. The send renders
 * the question as Markdown in the list's mount, and in Chromium that first lex of a one-line
 * question took 4.7–10 ms at 1× and 5–65 ms at 4× CPU throttling though the lexer's rules had been
 * warmed (docs/performance.md); lexed while typed, 0.1–1.1 ms at 4×. Twice: V8 compiles a regular
 * expression to machine code on its second run. Only the latest draft is lexed.
 */
export function warmLexerFor(draft: string): void {
  if (pendingDraft === null)
    whenIdle(() => {
      const text = pendingDraft!;
      pendingDraft = null;
      splitMarkdown(text);
      splitMarkdown(text);
    }, 1_000);
  pendingDraft = draft.slice(0, DRAFT_SAMPLE);
}
