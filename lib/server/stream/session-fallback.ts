import 'server-only';

import type { ChatRequest } from '../../protocol/chat-request';
import {
  buildUpstreamRequest,
  type BuildOptions,
  type UpstreamRequest,
} from '../providers/build-request';
import { PRESETS } from '../providers/presets';
import { isUnknownSession, planSession } from '../providers/stateful-session';
import { readLimitedText } from '../http/read-limited-text';

/**
 * A fetch for the relay that retries once, with `fallback`, when the provider answers that it no
 * longer knows the session — before anything reached the browser, so the answer simply starts.
 * Any other answer goes to the relay as it came.
 */
function withSessionFallback(
  doFetch: typeof fetch,
  fallback: UpstreamRequest,
  idField: string,
  onFallback: () => void,
): typeof fetch {
  let tried = false;
  return async (input, init) => {
    const response = await doFetch(input, init);
    if (tried || response.ok) return response;
    tried = true;
    const text = await readLimitedText(response);
    if (!isUnknownSession(response.status, text, idField)) {
      return new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    onFallback();
    // The same address as the refused attempt: with replicas, the one the relay chose.
    return doFetch(input, { ...init, headers: fallback.headers, body: fallback.body });
  };
}

/** The upstream request of one answer, the fetch to send it with, and the session it ends in. */
export interface PreparedUpstream {
  upstream: UpstreamRequest;
  fetch: typeof fetch;
  /** The provider session holding the conversation after the answer; undefined without one. */
  session: () => string | undefined;
}

/**
 * Builds the upstream request: with a provider session when the provider keeps conversations and
 * the browser asked for one (stateful-session.ts), else as always.
 */
export function prepareUpstream(
  chat: ChatRequest,
  options: BuildOptions & { contextLength?: number; newSessionId?: () => string },
  doFetch: typeof fetch,
): PreparedUpstream {
  const plan = planSession(chat, {
    ...options,
    newSessionId: options.newSessionId ?? (() => `sess_${crypto.randomUUID()}`),
  });
  if (!plan) {
    return {
      upstream: buildUpstreamRequest(chat, options),
      fetch: doFetch,
      session: () => undefined,
    };
  }
  let sessionId = plan.sessionId;
  const { fallback } = plan;
  const idField = PRESETS[options.provider.preset].sessions!.idField;
  return {
    upstream: plan.request,
    fetch: fallback
      ? withSessionFallback(doFetch, fallback.request, idField, () => {
          sessionId = fallback.sessionId;
        })
      : doFetch,
    session: () => sessionId,
  };
}
