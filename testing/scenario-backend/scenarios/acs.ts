/**
 * ACS text completions (`/acs/v1/completions`), after ACS's documentation: `: keepalive` after
 * every silent interval (250 ms here, scaled from 5 s), startup-stage comments
 * while a cold model starts, and every failure after the 200 as a
 * `data: {"error": …}` frame.
 */
import { acsFlavor as F } from '../flavors';
import { jsonError } from '../http-utils';
import type { ProviderDef } from '../provider-def';
import type { HttpErrorSpec, Scenario, ScenarioContext, Step } from '../types';
import { build } from './common';
import { ACS_TOKENS } from './texts';

/** Silence after which a keepalive comment is sent. */
const KEEPALIVE_MS = 250;
const STREAM = { keepaliveMs: KEEPALIVE_MS } as const;

const COLD_START_STAGES: Step[] = [
  { comment: 'cold start: allocating GPU' },
  { sleep: 600 },
  { comment: 'cold start: loading weights (1/2)' },
  { sleep: 600 },
  { comment: 'cold start: loading weights (2/2)' },
  { sleep: 600 },
];

/** Tokens honouring max_tokens; the last one carries finish_reason "length". */
function completion(ctx: ScenarioContext, before: Step[]) {
  const tokens = ACS_TOKENS.slice(
    0,
    Math.max(1, Math.min(ACS_TOKENS.length, ctx.maxTokens ?? Infinity)),
  );
  const b = build(F, ctx).add(...before);
  tokens.forEach((t, i) => b.content(t, i === tokens.length - 1 ? 'length' : null));
  return b;
}

function acsError(status: number, message: string, type: string, code: string): HttpErrorSpec {
  return jsonError(status, { error: { message, type, code } });
}

const scenarios: Record<string, Scenario> = {
  // ~700 ms before the first token so at least two keepalives show.
  completion: (_b, ctx) =>
    completion(ctx, [{ sleep: 700 }])
      .usage()
      .done()
      .plan(STREAM),
  'cold-start': (_b, ctx) => completion(ctx, COLD_START_STAGES).usage().done().plan(STREAM),
  'error-frame': (_b, ctx) =>
    build(F, ctx)
      .contents(ACS_TOKENS.slice(0, 2))
      .errorFrame({
        message: 'model server error: CUDA out of memory',
        type: 'server_error',
        code: 500,
      })
      .add({ end: true })
      .plan(STREAM),
  'cold-boot-failure': (_b, ctx) =>
    build(F, ctx)
      .add(...COLD_START_STAGES.slice(0, 4))
      .errorFrame({
        message:
          'cold boot failed: model weights could not be loaded (shard 2/2 checksum mismatch)',
        code: 'cold_boot_failed',
      })
      .add({ end: true })
      .plan(STREAM),
  'no-done': (_b, ctx) =>
    build(F, ctx).contents(ACS_TOKENS.slice(0, 6)).add({ end: true }).plan(STREAM),
};

/** The ACS provider: text completions only. */
export const acsProvider: ProviderDef = {
  name: 'acs',
  flavor: F,
  scenarios,
  chatEndpoint: false,
  notFound: (model) =>
    acsError(404, `Model '${model}' not found.`, 'not_found_error', 'model_not_found'),
  badRequest: (message) => acsError(400, message, 'invalid_request_error', 'invalid_request'),
};
