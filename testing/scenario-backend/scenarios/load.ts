/** Load-benchmark scenarios (served under the vLLM prefixes), used by `npm run bench:load`. */
import { vllmFlavor } from '../flavors';
import { STAMP } from '../sse-format';
import type { Scenario, StreamPlan } from '../types';
import { answer } from './common';

/** A stamped stream: 100 tokens, 100 ms apart (10 s), as a loaded GPU streams to many users. */
export const LOAD_TOKENS = 100;
const LOAD_TOKEN_DELAY_MS = 100;
/** The stamp as it appears in the text: `[t=<ms on the system-wide monotonic clock>]`. */
export const STAMP_PATTERN = /\[t=(\d+\.\d+)\]/g;

/** A very long answer: 40 MB of text in 4 KiB tokens, written as fast as the reader takes it. */
const LONG_TOKENS = 10_000;
const LONG_TOKEN = `${'All work and no play makes a long answer. '.repeat(97)}\n`.slice(0, 4096);

function stamped(plan: StreamPlan): StreamPlan {
  return {
    ...plan,
    steps: plan.steps.map((step) =>
      'chunk' in step && JSON.stringify(step.chunk).includes(STAMP)
        ? { ...step, stamp: true }
        : step,
    ),
  };
}

/** Load scenarios, by model id. */
export const loadScenarios: Record<string, Scenario> = {
  'load-stamped': (_b, ctx) =>
    stamped(
      answer(vllmFlavor, ctx, Array<string>(LOAD_TOKENS).fill(`[t=${STAMP}] `), {
        tokenDelayMs: LOAD_TOKEN_DELAY_MS,
      }),
    ),
  'load-long': (_b, ctx) =>
    answer(vllmFlavor, ctx, Array<string>(LONG_TOKENS).fill(LONG_TOKEN), { tokenDelayMs: 0 }),
};
