/**
 * ARK Cloud (`/ark/v1`), after ARK Cloud's streaming and request references: strict request validation (unknown
 * top-level fields → 400 `unknown_parameter`), role in every delta, `usage:
 * null` on every chunk, credits in the final usage, tool calls whole, errors
 * after the first token as one frame without `[DONE]`.
 */
import arkRequestFields from '../../../lib/server/providers/ark-request-fields.json' with { type: 'json' };
import { arkFlavor as F } from '../flavors';
import { jsonError } from '../http-utils';
import type { ProviderDef } from '../provider-def';
import type { HttpErrorSpec, RequestBody, Scenario } from '../types';
import { statefulScenario, validateSessionFields } from './ark-stateful';
import { answer, build, fillerTokens, keyOrNone } from './common';
import { ANSWER_TOKENS, CHAT_TOKENS, PARTIAL_TOKENS, REASONING_TOKENS } from './texts';

/** Top-level request fields ARK accepts (ARK Cloud's request reference): the list the preset sends by. */
const ACCEPTED_FIELDS: ReadonlySet<string> = new Set(arkRequestFields);
const ACCEPTED_STREAM_OPTIONS = new Set(['include_usage', 'continuous_usage_stats']);

function arkError(
  status: number,
  message: string,
  type: string,
  param: string | null,
  code: string,
): HttpErrorSpec {
  return jsonError(status, { error: { message, type, param, code } });
}

function unknownParameter(param: string): HttpErrorSpec {
  return arkError(
    400,
    `Unknown parameter: '${param}'.`,
    'invalid_request_error',
    param,
    'unknown_parameter',
  );
}

/** Rejects unknown top-level fields and unknown `stream_options` keys. */
function validate(body: RequestBody): HttpErrorSpec | null {
  for (const key of Object.keys(body)) if (!ACCEPTED_FIELDS.has(key)) return unknownParameter(key);
  const so = body.stream_options;
  if (so !== null && typeof so === 'object' && !Array.isArray(so)) {
    for (const key of Object.keys(so)) {
      if (!ACCEPTED_STREAM_OPTIONS.has(key)) return unknownParameter(`stream_options.${key}`);
    }
  }
  return validateSessionFields(body);
}

function callId(n: number): string {
  return `call_${n}f0f2c8d0b3c4f6a9d1e2b7c5a8e4f1${n}`;
}

const scenarios: Record<string, Scenario> = {
  chat: (_b, ctx) => answer(F, ctx, CHAT_TOKENS),
  reasoning: (_b, ctx) =>
    build(F, ctx)
      .reasonings(REASONING_TOKENS)
      .contents(ANSWER_TOKENS)
      .finish('stop')
      .usage()
      .done()
      .plan(),
  // ARK streams each tool call as one chunk with complete arguments.
  'tool-calls': (_b, ctx) =>
    build(F, ctx)
      .toolCalls([
        {
          index: 0,
          id: callId(0),
          type: 'function',
          function: { name: 'get_exchange_rate', arguments: '{"base": "EUR", "quote": "PLN"}' },
        },
      ])
      .toolCalls([
        {
          index: 1,
          id: callId(1),
          type: 'function',
          function: { name: 'get_time', arguments: '{"timezone": "Europe/Warsaw"}' },
        },
      ])
      .finish('tool_calls')
      .usage()
      .done()
      .plan(),
  'error-midstream': (_b, ctx) =>
    build(F, ctx)
      .contents(PARTIAL_TOKENS)
      .errorFrame({
        message: 'Inference worker failed while generating the response.',
        type: 'server_error',
        code: 'inference_error',
      })
      .add({ end: true })
      .plan(),
  'http-error': (_b, ctx) => ({
    httpError: jsonError(503, {
      error: {
        message: `No capacity for model ${ctx.model} right now. Please retry shortly.`,
        type: 'server_error',
        code: 'no_capacity',
      },
    }),
  }),
  // A key echoed back: before the first token as a JSON error with its status, after it as one
  // error frame without [DONE] (the two ways ARK Cloud's reference says a stream fails).
  'echo-key': (_b, ctx) => ({
    httpError: arkError(
      401,
      `Invalid API key: ${keyOrNone(ctx)}. Check the key on your API keys page.`,
      'authentication_error',
      null,
      'invalid_api_key',
    ),
  }),
  'echo-key-midstream': (_b, ctx) =>
    build(F, ctx)
      .contents(PARTIAL_TOKENS)
      .errorFrame({
        message: `Session revoked for key ${keyOrNone(ctx)}.`,
        type: 'authentication_error',
        code: 'invalid_api_key',
      })
      .add({ end: true })
      .plan(),
  'inference-timeout': (_b, ctx) => answer(F, ctx, PARTIAL_TOKENS, { finish: 'inference_timeout' }),
  slow: (_b, ctx) => answer(F, ctx, fillerTokens(400), { tokenDelayMs: 50 }),
  stateful: statefulScenario,
};

/** The ARK provider. */
export const arkProvider: ProviderDef = {
  name: 'ark',
  flavor: F,
  scenarios,
  validate,
  notFound: (model) =>
    arkError(
      404,
      `The model '${model}' does not exist or you do not have access to it.`,
      'invalid_request_error',
      'model',
      'model_not_found',
    ),
  badRequest: (message) => arkError(400, message, 'invalid_request_error', null, 'invalid_request'),
};
