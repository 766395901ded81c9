/**
 * `numbered`: each answer carries a number that grows with every request, and quotes the question
 * — so two versions of an answer (Regenerate) differ, and a test can tell which one a later
 * request was sent with.
 */
import { vllmFlavor as F } from '../flavors';
import { tokenize } from '../tokenize';
import type { Scenario } from '../types';
import { answer } from './common';

let count = 0;

function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown; content?: unknown } | null;
    if (m?.role === 'user' && typeof m.content === 'string') return m.content;
  }
  return '';
}

/** Answers "Answer <n> to “<question>”." */
export const numberedScenario: Scenario = (body, ctx) => {
  count += 1;
  const question = lastUserText(body.messages) || String(body.prompt ?? '');
  return answer(F, ctx, tokenize(`Answer ${count} to “${question}”.`));
};
