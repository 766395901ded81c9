import 'server-only';

import type { ChatRequest } from '../../protocol/chat-request';
import { buildUpstreamRequest, type BuildOptions, type UpstreamRequest } from './build-request';
import { PRESETS } from './presets';

/** A session may hold this many tokens when neither configuration nor the model says. */
export const DEFAULT_SESSION_TOKENS = 32_768;

/** How one answer uses a provider-side session. */
export interface SessionPlan {
  /** The request to send first. */
  request: UpstreamRequest;
  /** The session that request names. */
  sessionId: string;
  /**
   * When the first request continues a session: the whole history under a new session, for when
   * the provider no longer knows the old one.
   */
  fallback?: { request: UpstreamRequest; sessionId: string };
}

/**
 * Plans a request for a provider that keeps conversations (its preset has `sessions` and the
 * provider is marked `statefulSessions`), when the browser asked for it with `session`: a session
 * named by `{id, messages}` is sent only the messages after the first `messages`; `{}` starts one
 * with the whole history. Null when sessions do not apply — other providers, text completions,
 * and `stop`, which ARK refuses together with a session.
 */
export function planSession(
  chat: ChatRequest,
  options: BuildOptions & { contextLength?: number; newSessionId: () => string },
): SessionPlan | null {
  const fields = PRESETS[options.provider.preset].sessions;
  const config = options.provider.statefulSessions;
  if (!fields || !config || !chat.session || options.kind !== 'chat') return null;
  if (!chat.messages || chat.stop !== undefined) return null;
  const maxTokens = config.maxTokens ?? options.contextLength ?? DEFAULT_SESSION_TOKENS;
  const sessionFields = (id: string) => ({
    [fields.idField]: id,
    [fields.maxTokensField]: maxTokens,
  });
  const whole = (): { request: UpstreamRequest; sessionId: string } => {
    const sessionId = options.newSessionId();
    const extraFields = sessionFields(sessionId);
    return { request: buildUpstreamRequest(chat, { ...options, extraFields }), sessionId };
  };
  const { id, messages: held } = chat.session;
  if (id === undefined || held === undefined) return whole();
  // The session has the start of the conversation (and any system prompt): only the rest goes.
  const rest = { ...chat, messages: chat.messages.slice(held) };
  const { systemPrompt: _prompt, ...withoutPrompt } = options;
  return {
    request: buildUpstreamRequest(rest, { ...withoutPrompt, extraFields: sessionFields(id) }),
    sessionId: id,
    fallback: whole(),
  };
}

/**
 * Whether a refusal means "this session is not here": ARK answers an unknown or expired session
 * with a 4xx whose error names the session field or has a session code.
 */
export function isUnknownSession(status: number, body: string, idField: string): boolean {
  if (status < 400 || status >= 500) return false;
  try {
    const error = (JSON.parse(body) as { error?: { param?: unknown; code?: unknown } }).error;
    return error?.param === idField || /session/i.test(String(error?.code ?? ''));
  } catch {
    return false;
  }
}
