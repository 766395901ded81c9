/**
 * tAI (`/tai/v1`), after tAI's documentation: Python-spaced JSON, no role, empty finish delta,
 * usage chunk always, and internal failures reported as a bracketed notice in
 * an otherwise well-formed stream.
 */
import { taiFlavor as F } from '../flavors';
import { jsonError } from '../http-utils';
import type { ProviderDef } from '../provider-def';
import { spacedJson } from '../sse-format';
import type { HttpErrorSpec, Scenario } from '../types';
import { answer, build, fillerTokens } from './common';
import { TAI_NOTICE, TAI_PARTIAL_TOKENS, TAI_POEM_TOKENS } from './texts';

function taiError(
  status: number,
  message: string,
  type: string,
  param: string | null,
  code: string,
): HttpErrorSpec {
  return jsonError(status, { error: { message, type, param, code } }, spacedJson);
}

const scenarios: Record<string, Scenario> = {
  chat: (_b, ctx) => answer(F, ctx, TAI_POEM_TOKENS),
  notice: (_b, ctx) =>
    build(F, ctx)
      .contents(TAI_PARTIAL_TOKENS)
      .content(TAI_NOTICE)
      .finish('stop')
      .usage()
      .done()
      .plan(),
  dropped: (_b, ctx) => build(F, ctx).contents(TAI_PARTIAL_TOKENS).add({ destroy: true }).plan(),
  // A long answer at 20 tokens a second, with usage only at the end (tAI sends no running counts):
  // what a page shows while a provider says nothing of its progress.
  slow: (_b, ctx) => answer(F, ctx, fillerTokens(200), { tokenDelayMs: 50 }),
};

/** The tAI provider. */
export const taiProvider: ProviderDef = {
  name: 'tai',
  flavor: F,
  scenarios,
  notFound: (model) =>
    taiError(
      404,
      `The model '${model}' does not exist.`,
      'invalid_request_error',
      'model',
      'model_not_found',
    ),
  badRequest: (message) => taiError(400, message, 'invalid_request_error', null, 'invalid_request'),
};
