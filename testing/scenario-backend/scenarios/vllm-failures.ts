/**
 * vLLM scenarios that fail: HTTP errors in both body generations and from
 * proxies, mid-stream error frames (followed by `[DONE]`, as vLLM does),
 * missing `[DONE]`, dropped sockets, malformed frames, stalls and silence.
 */
import { vllmFlavor as F } from '../flavors';
import { jsonError } from '../http-utils';
import type { Scenario } from '../types';
import { build, keyOrNone, vllmError } from './common';
import { CHAT_TOKENS, PARTIAL_TOKENS } from './texts';

const CONTEXT_MESSAGE =
  "This model's maximum context length is 32768 tokens. However, you requested 40960 tokens " +
  '(36864 in the messages, 4096 in the completion). Please reduce the length of the messages or completion.';

const NGINX_502 = [
  '<html>',
  '<head><title>502 Bad Gateway</title></head>',
  '<body>',
  '<center><h1>502 Bad Gateway</h1></center>',
  '<hr><center>nginx/1.25.3</center>',
  '</body>',
  '</html>',
  '',
].join('\r\n');

/** Failing vLLM scenarios, by model id. */
export const vllmFailureScenarios: Record<string, Scenario> = {
  'http-error': () => ({ httpError: vllmError(400, CONTEXT_MESSAGE, 'BadRequestError') }),
  'http-error-legacy': () => ({
    httpError: jsonError(400, {
      object: 'error',
      message: CONTEXT_MESSAGE,
      type: 'BadRequestError',
      param: null,
      code: 400,
    }),
  }),
  'html-error': () => ({ httpError: { status: 502, contentType: 'text/html', body: NGINX_502 } }),
  'plain-error': () => ({
    httpError: {
      status: 503,
      contentType: 'text/plain; charset=utf-8',
      body: 'Service Unavailable: model is loading',
    },
  }),
  'echo-key': (_b, ctx) => ({
    httpError: vllmError(
      401,
      `Incorrect API key provided: ${keyOrNone(ctx)}. You can find your API key in the console.`,
      'AuthenticationError',
    ),
  }),
  'echo-key-midstream': (_b, ctx) =>
    build(F, ctx)
      .role()
      .contents(PARTIAL_TOKENS)
      .errorFrame({
        message: `Upstream authentication failed: Incorrect API key provided: ${keyOrNone(ctx)}.`,
        type: 'AuthenticationError',
        param: null,
        code: 401,
      })
      .add({ end: true })
      .plan(),
  // vLLM reports the failure in-band and still terminates with [DONE].
  'error-then-done': (_b, ctx) =>
    build(F, ctx)
      .role()
      .contents(PARTIAL_TOKENS)
      .errorFrame({
        message:
          'The engine encountered an unexpected error: CUDA error: an illegal memory access was encountered',
        type: 'InternalServerError',
        param: null,
        code: 500,
      })
      .done()
      .plan(),
  'no-done': (_b, ctx) =>
    build(F, ctx).role().contents(PARTIAL_TOKENS).finish('stop').add({ end: true }).plan(),
  dropped: (_b, ctx) => build(F, ctx).role().contents(PARTIAL_TOKENS).add({ destroy: true }).plan(),
  malformed: (_b, ctx) =>
    build(F, ctx)
      .role()
      .contents(CHAT_TOKENS.slice(0, 3))
      .add({ raw: 'data: {"choices":[{"delta":{"content":"oops"\n\n' })
      .contents(CHAT_TOKENS.slice(3))
      .finish('stop')
      .usage()
      .done()
      .plan(),
  stall: (_b, ctx) =>
    build(F, ctx).role().contents(['Thinking', ' about']).add({ hang: true }).plan(),
  'no-headers': () => ({ neverRespond: true }),
};
