/**
 * Long answers for resumable-answer tests: numbered words (`w1 w2 … wN `), so a repeated or
 * missing piece of text shows. A Continue (`continue_final_message`) goes on from the number after
 * the last one in the partial answer, as a model continuing its own text would.
 */
import { vllmFlavor as F } from '../flavors';
import type { Scenario } from '../types';
import { answer } from './common';

/** Where a Continue picks up: one past the last number of the partial answer sent back. */
function continueFrom(body: unknown): number {
  const request = body as {
    continue_final_message?: boolean;
    messages?: { role: string; content?: unknown }[];
  };
  const last = request.messages?.at(-1);
  if (!request.continue_final_message || last?.role !== 'assistant') return 1;
  const numbers = String(last.content ?? '').match(/w(\d+)/g) ?? [];
  return numbers.length ? Number(numbers.at(-1)!.slice(1)) + 1 : 1;
}

function counting(n: number, tokenDelayMs: number): Scenario {
  return (body, ctx) => {
    const from = continueFrom(body);
    const tokens = Array.from({ length: Math.max(0, n - from + 1) }, (_, i) => `w${from + i} `);
    return answer(F, ctx, tokens, { tokenDelayMs });
  };
}

/** Resumable-answer scenarios, by model id (vLLM prefixes). */
export const resumeScenarios: Record<string, Scenario> = {
  // 200 words in about 3 s: a browser test reloads somewhere in the middle.
  counting: counting(200, 15),
  // 1,000 words in about 15 s: room for many reattaches while it generates.
  'counting-long': counting(1000, 15),
};
