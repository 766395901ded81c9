import 'server-only';
import { parseChatRequest } from '../../protocol/chat-request';
import { EVENT_STREAM_HEADERS } from '../../protocol/sse';
import { buildUpstreamRequest } from '../providers/build-request';
import { displayURL } from '../security/display-url';
import { mayShowBackendAddress } from '../auth/api-gate';
import type { Identity } from '../auth/identity';
import { resolveIdentity } from '../auth/resolve-identity';
import { PRESETS } from '../providers/presets';
import { admitChat } from '../limits/chat-limits';
import { jsonError } from './json-error';
import { readJsonBody } from './read-body';
import type { Runtime } from './runtime';
import { streamChat } from './stream-chat';

/**
 * `POST /api/chat`: validate, resolve the model, then stream. Everything decided before the backend
 * is contacted is a plain HTTP error; everything after is an event in a 200 stream.
 */
export async function handleChat(
  request: Request,
  { config, catalog, secrets, log }: Runtime,
  /** Who asked (from the access gate); widget visitors are never shown backend addresses. */
  identity: Identity | null = null,
): Promise<Response> {
  const receivedAt = performance.now();
  const body = await readJsonBody(request, config.maxRequestBytes);
  if (!body.ok) return jsonError(body.error);
  const parsed = parseChatRequest(body.value);
  if (!parsed.ok) return jsonError(parsed.error);
  const chat = parsed.value;
  const resolved = await catalog.resolve(chat.model);
  if (!resolved.ok) {
    return jsonError({
      status: 404,
      code: 'model_not_found',
      param: 'model',
      message: `Unknown model '${chat.model}'. GET /api/models lists the models available.`,
    });
  }
  const { model, provider } = resolved;
  const upstream = buildUpstreamRequest(chat, {
    provider,
    upstreamModel: model.upstreamId,
    kind: model.kind,
    maxOutputTokens: config.maxOutputTokens,
    ...(config.systemPrompt ? { systemPrompt: config.systemPrompt } : {}),
  });
  const who = identity ?? (await resolveIdentity(request));
  if (!who) return jsonError({ status: 401, code: 'unauthorized', message: 'Sign in first.' });
  const admitted = await admitChat(who, {
    chat,
    modelId: model.id,
    provider,
    maxTokens: Math.min(chat.max_tokens ?? config.maxOutputTokens, config.maxOutputTokens),
  });
  if (!admitted.ok) return admitted.response;
  const requestId = `chat_${crypto.randomUUID()}`;
  const stream = streamChat(
    {
      upstream,
      backendURL: mayShowBackendAddress(identity)
        ? displayURL(provider.baseURL)
        : `"${provider.label}"`,
      requestId,
      model: model.id,
      normalizer: { bracketedNotice: PRESETS[provider.preset].bracketedNotice },
      headersTimeoutMs: config.upstreamHeadersTimeoutMs,
      idleTimeoutMs: config.upstreamIdleTimeoutMs,
      keepaliveIntervalMs: config.keepaliveIntervalMs,
      secrets,
      signal: request.signal,
      receivedAt,
    },
    {
      fetch: globalThis.fetch,
      now: () => performance.now(),
      onEnd: (summary) =>
        log({ event: 'chat', model: model.id, provider: provider.id, ...summary }),
      ...(admitted.gate ? { gate: admitted.gate } : {}),
    },
  );
  return new Response(stream, {
    status: 200,
    headers: { ...EVENT_STREAM_HEADERS, 'X-Request-Id': requestId },
  });
}
