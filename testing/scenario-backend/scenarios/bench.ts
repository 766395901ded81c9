/** Benchmark scenarios (served under the vLLM prefixes). */
import { vllmFlavor } from '../flavors';
import type { Scenario } from '../types';
import { answer } from './common';
import { benchTokens } from './bench-markdown';

/** Default benchmark rate; the writer batches frames per timer tick to reach it. */
export const BENCH_TOKENS_PER_SECOND = 2000;

/** Benchmark scenarios, by model id. */
export const benchScenarios: Record<string, Scenario> = {
  'bench-markdown': (_b, ctx) =>
    answer(vllmFlavor, ctx, benchTokens(), { tokenDelayMs: 1000 / BENCH_TOKENS_PER_SECOND }),
};
