/** Helpers shared by the provider scenario files. */
import type { Flavor } from '../flavors';
import { jsonError } from '../http-utils';
import { StreamBuilder } from '../stream-builder';
import { tokenize } from '../tokenize';
import type { HttpErrorSpec, ScenarioContext, StreamOptions, StreamPlan } from '../types';

/** Starts a builder for `ctx` in the given flavor. */
export function build(flavor: Flavor, ctx: ScenarioContext): StreamBuilder {
  return new StreamBuilder(flavor, ctx);
}

/** role → tokens → finish → usage → [DONE]: the happy path of most providers. */
export function answer(
  flavor: Flavor,
  ctx: ScenarioContext,
  tokens: readonly string[],
  opts: StreamOptions & { finish?: string } = {},
): StreamPlan {
  const { finish = 'stop', ...streamOpts } = opts;
  return build(flavor, ctx).role().contents(tokens).finish(finish).usage().done().plan(streamOpts);
}

/** The vLLM ≥0.10.1 error body: `{"error":{message,type,param,code}}` with code = status. */
export function vllmError(
  status: number,
  message: string,
  type: string,
  param: string | null = null,
): HttpErrorSpec {
  return jsonError(status, { error: { message, type, param, code: status } });
}

const FILLER =
  'Streaming lets the reader see each word as soon as the model produces it, ' +
  'which matters most for long answers where the full reply takes many seconds. ' +
  'Cancelling should close the connection so the server frees its cache at once. ';

/** `n` deterministic word tokens for long, slow streams. */
export function fillerTokens(n: number): string[] {
  const base = tokenize(FILLER);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(base[i % base.length] ?? ' word');
  return out;
}

/** The bearer key from the context, or a placeholder when absent. */
export function keyOrNone(ctx: ScenarioContext): string {
  return ctx.bearerKey ?? '(none)';
}
