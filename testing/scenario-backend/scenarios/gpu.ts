/**
 * The GPU provider (`/gpu/v1`), after the GPU provider's documentation: vLLM frames forwarded, `: ping`
 * comments during a long time-to-first-token (300 ms here, scaled from 15 s),
 * frames split across TCP reads, error frame without `[DONE]` mid-stream.
 */
import { gpuFlavor as F } from '../flavors';
import { jsonError } from '../http-utils';
import type { ProviderDef } from '../provider-def';
import { splitPlan } from '../split-frames';
import type { HttpErrorSpec, Scenario, ScenarioContext } from '../types';
import { answer, build, fillerTokens } from './common';
import { ANSWER_TOKENS, CHAT_TOKENS, PARTIAL_TOKENS, REASONING_TOKENS } from './texts';

function reasoningAnswer(ctx: ScenarioContext) {
  return build(F, ctx)
    .role()
    .reasonings(REASONING_TOKENS)
    .contents(ANSWER_TOKENS)
    .finish('stop')
    .usage()
    .done();
}

function gpuError(status: number, message: string, type: string, code: string): HttpErrorSpec {
  return jsonError(status, { error: { message, type, code } });
}

/** Silence for `prefillMs` (the provider sends `: ping` meanwhile), then a short answer. */
function pingedPrefill(ctx: ScenarioContext, prefillMs: number) {
  return build(F, ctx)
    .add({ sleep: prefillMs })
    .role()
    .contents(ANSWER_TOKENS)
    .finish('stop')
    .usage()
    .done()
    .plan({ keepaliveMs: 300, keepaliveComment: 'ping' });
}

const scenarios: Record<string, Scenario> = {
  'qwen/qwen3-8b': (_b, ctx) => reasoningAnswer(ctx).plan(),
  ping: (_b, ctx) => pingedPrefill(ctx, 1000),
  // A long prefill kept alive by pings: seconds in which a test can act while the answer is pending.
  'slow-start': (_b, ctx) => pingedPrefill(ctx, 4000),
  split: (_b, ctx) => splitPlan(answer(F, ctx, CHAT_TOKENS), 4004),
  'error-midstream': (_b, ctx) =>
    build(F, ctx)
      .role()
      .contents(PARTIAL_TOKENS)
      .errorFrame({
        message: 'Upstream GPU worker failed; generation aborted.',
        type: 'upstream_error',
        code: 502,
      })
      .add({ end: true })
      .plan(),
  slow: (_b, ctx) => answer(F, ctx, fillerTokens(400), { tokenDelayMs: 50 }),
};

/** The GPU provider. */
export const gpuProvider: ProviderDef = {
  name: 'gpu',
  flavor: F,
  scenarios,
  notFound: (model) =>
    gpuError(404, `Model ${model} is not available.`, 'invalid_request_error', 'model_not_found'),
  badRequest: (message) => gpuError(400, message, 'invalid_request_error', 'invalid_request'),
};
