/**
 * ARK's stateful sessions (`/ark/v1`, model `stateful`): the answer says how many messages of the
 * conversation the model had — the session's plus the request's — so a test can tell a request
 * that relied on the session (few messages sent, all of them known) from one that did not.
 */
import { arkFlavor as F } from '../flavors';
import { jsonError } from '../http-utils';
import { promptWords } from '../request-context';
import { tokenize } from '../tokenize';
import type { HttpErrorSpec, RequestBody, Scenario } from '../types';
import { answer } from './common';

function arkError(status: number, message: string, param: string | null, code: string) {
  return jsonError(status, { error: { message, type: 'invalid_request_error', param, code } });
}

/** ARK's rules for the session fields: a cap is required, and `stop` is not allowed. */
export function validateSessionFields(body: RequestBody): HttpErrorSpec | null {
  if (body.ark_stateful === undefined) return null;
  if (typeof body.ark_stateful !== 'string' || !body.ark_stateful)
    return arkError(400, "'ark_stateful' must be a session id.", 'ark_stateful', 'invalid_request');
  const cap = body.ark_max_session_tokens;
  if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1)
    return arkError(
      400,
      "'ark_max_session_tokens' is required with 'ark_stateful'.",
      'ark_max_session_tokens',
      'invalid_request',
    );
  if (body.stop !== undefined)
    return arkError(400, "'stop' is not allowed with 'ark_stateful'.", 'stop', 'invalid_request');
  return null;
}

/** The text of the last user message of a list. */
function lastUserText(messages: unknown[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown; content?: unknown } | null;
    if (m?.role === 'user' && typeof m.content === 'string') return m.content;
  }
  return '';
}

/** Answers from the session's history plus the request's messages, and extends the session. */
export const statefulScenario: Scenario = (body, ctx) => {
  const sent = Array.isArray(body.messages) ? body.messages : [];
  const id = typeof body.ark_stateful === 'string' ? body.ark_stateful : null;
  // The one impure scenario: a session outlives its request, as it does at ARK.
  const session = id && ctx.arkSessions ? ctx.arkSessions.open(id) : null;
  if (session === 'unknown')
    return {
      httpError: arkError(
        404,
        `Session '${id}' not found: it expired or was never created.`,
        'ark_stateful',
        'session_not_found',
      ),
    };
  const history = session ? [...session.messages, ...sent] : sent;
  const words = promptWords({ messages: history });
  if (session && words > (body.ark_max_session_tokens as number))
    return {
      httpError: arkError(
        400,
        `Session '${id}' would exceed ark_max_session_tokens.`,
        'ark_max_session_tokens',
        'session_tokens_exceeded',
      ),
    };
  const text = `I have ${history.length} messages of this conversation (${sent.length} sent now). You said: ${lastUserText(sent)}`;
  if (session) session.messages = [...history, { role: 'assistant', content: text }];
  return answer(F, { ...ctx, promptTokens: words + 5 }, tokenize(text));
};
