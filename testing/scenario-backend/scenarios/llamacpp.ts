/**
 * llama.cpp's llama-server (`/llamacpp/v1`): `content: null` role chunk,
 * `reasoning_content`, `timings` on the finish chunk, and an error frame
 * followed by a close without `[DONE]`.
 */
import { llamacppFlavor as F } from '../flavors';
import { jsonError } from '../http-utils';
import type { ProviderDef } from '../provider-def';
import type { HttpErrorSpec, Scenario } from '../types';
import { build } from './common';
import { ANSWER_TOKENS, PARTIAL_TOKENS, REASONING_TOKENS } from './texts';

function llamaError(status: number, message: string, type: string): HttpErrorSpec {
  return jsonError(status, { error: { code: status, message, type } });
}

const scenarios: Record<string, Scenario> = {
  chat: (_b, ctx) =>
    build(F, ctx)
      .role()
      .reasonings(REASONING_TOKENS)
      .contents(ANSWER_TOKENS)
      .finish('stop')
      .usage()
      .done()
      .plan(),
  error: (_b, ctx) =>
    build(F, ctx)
      .role()
      .contents(PARTIAL_TOKENS)
      .errorFrame({
        code: 500,
        message: 'failed to decode the batch: KV cache is full',
        type: 'server_error',
      })
      .add({ end: true })
      .plan(),
};

/** The llama.cpp provider. */
export const llamacppProvider: ProviderDef = {
  name: 'llamacpp',
  flavor: F,
  scenarios,
  notFound: (model) => llamaError(404, `model '${model}' not found`, 'not_found_error'),
  badRequest: (message) => llamaError(400, message, 'invalid_request_error'),
};
