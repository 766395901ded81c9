import { formatWait, rateLimited, type ErrorFacts, type ErrorSentence } from './rate-limited';

export { formatWait, rateLimited, type ErrorFacts, type ErrorSentence };

/**
 * What each error code means for the person reading the chat: one sentence and the next step.
 * One table, keyed by `code`, or by `code:status` where the status changes the meaning (an upstream
 * 503 is not an upstream 401). Features that add an error code add its row here.
 */

type Entry = ErrorSentence | ((e: ErrorFacts) => ErrorSentence);

const retryAfter = (e: ErrorFacts, otherwise: string) =>
  e.retry_after_s !== undefined ? `Try again in ${formatWait(e.retry_after_s)}.` : otherwise;

/** A backend's 400 that says the conversation no longer fits the model's context window. */
const CONTEXT_OVERFLOW =
  /context length|context window|maximum context|too many tokens|prompt is too long/i;

/** Code (or `code:status`) → sentence and next step. */
export const ERROR_SENTENCES: Record<string, Entry> = {
  // Runnel refused the request before any model was asked.
  unauthorized: {
    text: 'You are not signed in, or your session has ended',
    next: 'Sign in again, then retry.',
  },
  forbidden: {
    text: 'Your account may not use this',
    next: 'Ask whoever runs this Runnel for access.',
  },
  request_too_large: {
    text: 'This message is too large to send',
    next: 'Remove an attachment or shorten the text, or start a new chat.',
  },
  rate_limited: (e) => rateLimited(e),
  shutting_down: {
    text: 'The Runnel server is restarting',
    next: 'Try again in a few seconds.',
  },
  model_not_found: {
    text: 'This model is no longer offered',
    next: 'Pick another model from the list at the top.',
  },
  unknown_parameter: {
    text: 'Runnel refused the request as malformed',
    next: 'Reload the page and try again.',
  },
  invalid_request: {
    text: 'Runnel refused the request as malformed',
    next: 'Check the conversation settings, or reload the page and try again.',
  },
  invalid_json: {
    text: 'Runnel refused the request as malformed',
    next: 'Reload the page and try again.',
  },
  configuration_error: {
    text: 'The Runnel server is misconfigured',
    next: 'Tell whoever runs it: the details name the setting.',
  },
  network_error: {
    text: 'The Runnel server could not be reached',
    next: 'Check your connection, then retry.',
  },
  overloaded: {
    text: 'Too many people are using the model right now',
    next: 'Try again in a moment.',
  },
  server_shutdown: {
    text: 'The Runnel server restarted while answering',
    next: 'Retry to ask again.',
  },
  internal_error: {
    text: 'Something went wrong inside Runnel',
    next: 'Retry; if it keeps happening, tell whoever runs it.',
  },

  // The model server (the backend) failed.
  upstream_unreachable: {
    text: 'The model server could not be reached',
    next: 'It may be down or restarting: try again in a minute.',
  },
  upstream_timeout: {
    text: 'The model server stopped responding',
    next: 'Try again; if it keeps happening, the server may be overloaded.',
  },
  upstream_error: {
    text: 'The model server failed while answering',
    next: 'Retry to ask again.',
  },
  protocol_error: {
    text: 'The model server sent a reply Runnel could not read',
    next: 'Retry; if it happens again, tell whoever runs it.',
  },
  provider_notice: {
    text: 'The model provider reported a failure',
    next: 'Retry to ask again.',
  },
  incomplete_stream: {
    text: 'The answer was cut off before the model finished',
    next: 'Retry to ask again.',
  },
  upstream_http_error: {
    text: 'The model server refused the request',
    next: 'The details say why.',
  },
  'upstream_http_error:400': (e) =>
    CONTEXT_OVERFLOW.test(e.message)
      ? {
          text: 'The conversation is too long for this model',
          next: 'Start a new chat, or pick a model with a longer context.',
        }
      : { text: 'The model server refused the request', next: 'The details say why.' },
  'upstream_http_error:401': {
    text: 'The model server refused Runnel’s credentials',
    next: 'Tell whoever runs Runnel: the provider’s API key is missing or wrong.',
  },
  'upstream_http_error:403': {
    text: 'The model server refused Runnel’s credentials',
    next: 'Tell whoever runs Runnel: the provider’s API key may not use this model.',
  },
  'upstream_http_error:404': {
    text: 'The model server does not know this model',
    next: 'Pick another model from the list at the top.',
  },
  'upstream_http_error:408': {
    text: 'The model server timed out',
    next: 'Try again in a moment.',
  },
  'upstream_http_error:413': {
    text: 'The model server says the request is too large',
    next: 'Remove an attachment or shorten the conversation.',
  },
  'upstream_http_error:429': {
    text: 'The model provider is limiting requests',
    next: 'Wait a moment, then try again.',
  },
  'upstream_http_error:500': {
    text: 'The model server had an internal error',
    next: 'Try again; if it keeps failing, tell whoever runs Runnel.',
  },
  'upstream_http_error:502': {
    text: 'The model server’s gateway failed',
    next: 'Try again in a few seconds.',
  },
  'upstream_http_error:503': {
    text: 'The model server is busy',
    next: 'Try again in a few seconds.',
  },
  'upstream_http_error:504': {
    text: 'The model server timed out',
    next: 'Try again in a moment.',
  },
};

/** For codes nobody wrote a row for: what the status class says. */
function fallback(e: ErrorFacts): ErrorSentence {
  if (e.status === 429 || e.retry_after_s !== undefined)
    return {
      text: 'Too many requests',
      next: retryAfter(e, 'Wait a minute, then try again.'),
    };
  if (e.status !== undefined && e.status >= 500)
    return { text: 'The server had a problem', next: 'Try again in a moment.' };
  if (e.status !== undefined && e.status >= 400)
    return { text: 'The request was refused', next: 'The details say why.' };
  return { text: 'Something went wrong', next: 'Retry; the details say what happened.' };
}

/** The error in words: "The model server is busy (HTTP 503)." and "Try again in a few seconds." */
export function explainError(e: ErrorFacts): ErrorSentence {
  const entry =
    (e.status !== undefined ? ERROR_SENTENCES[`${e.code}:${e.status}`] : undefined) ??
    ERROR_SENTENCES[e.code];
  const base = entry ? (typeof entry === 'function' ? entry(e) : entry) : fallback(e);
  const status = e.status !== undefined && base.status !== false ? ` (HTTP ${e.status})` : '';
  return { text: `${base.text}${status}.`, next: base.next };
}
