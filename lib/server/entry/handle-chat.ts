import 'server-only';
import { randomBytes } from 'node:crypto';
import { parseChatRequest, type RequestError } from '../../protocol/chat-request';
import { EVENT_STREAM_HEADERS } from '../../protocol/sse';
import { displayURL } from '../security/display-url';
import { mayShowBackendAddress } from '../auth/api-gate';
import type { Identity } from '../auth/identity';
import { PRESETS } from '../providers/presets';
import { thinksFirst } from '../providers/model-info';
import { admitChat } from '../limits/chat-limits';
import { replicaPool } from '../replicas/replicas';
import { isShuttingDown } from '../shutdown/drain';
import { observeChat, observeRefusal, refuseChat } from './chat-observer';
import { readJsonBody } from '../http/read-body';
import { plainFetch } from '../http/plain-fetch';
import { afterNextPoll } from '../http/next-poll';
import { checkRequestParts } from './request-parts';
import { resumeBinding } from './resume-binding';
import { startResumableAnswer } from '../resume/resumable-answer';
import { answerRecorderFor } from '../conversations/record-answer';
import { usageRecorderFor } from '../usage/record-usage';
import { prepareUpstream } from '../stream/session-fallback';
import { checkSessionOwner, newBoundSessionId } from '../providers/session-binding';
import type { Services } from './services';
import { streamChat, type StreamChatDeps, type StreamChatOptions } from '../stream/stream-chat';
import { createCostMeter, pricingFor } from '../stream/answer-cost';
import { backendShares } from '../stream/backend-share';

/** What the route knows about the request besides its body. */
export interface ChatContext {
  /**
   * Keeps the process working on `work` after the response is gone (Next's `after()`): on a
   * serverless host a function is frozen once its response ends, and a resumable answer's
   * generation must go on while the browser is away.
   */
  keepAlive?: (work: Promise<unknown>) => void;
}

/**
 * `POST /api/chat`: validate, resolve the model, then stream. Everything decided before the backend
 * is contacted is a plain HTTP error; everything after is an event in a 200 stream.
 */
export async function handleChat(
  request: Request,
  { config, catalog, secrets, logChat, hashIdentity, resume, authSecret }: Services,
  /** Who asked, from the access gate (`withAccess`): the route never runs without one. */
  identity: Identity,
  context: ChatContext = {},
): Promise<Response> {
  const receivedAt = performance.now();
  if (isShuttingDown()) return shuttingDown(refuseChat(logChat, SHUTTING_DOWN));
  // Cheap checks first: who asks (the access gate, before this), then their limits, and only then
  // the body — a client over its limits, or a visitor sending a body built to be expensive, costs
  // no parsing.
  const admitted = await admitChat(identity);
  if (!admitted.ok)
    return observeRefusal(logChat, admitted.response, { identity: hashIdentity(identity.key) });
  const { ticket } = admitted;
  const refuse = (error: RequestError) => {
    ticket.release();
    return refuseChat(logChat, error);
  };
  const maxBytes =
    identity.kind === 'visitor'
      ? Math.min(config.traffic.embedMaxRequestBytes, config.maxRequestBytes)
      : config.maxRequestBytes;
  const body = await readJsonBody(request, maxBytes);
  if (!body.ok) return refuse(body.error);
  const parsed = parseChatRequest(body.value);
  if (!parsed.ok) return refuse(parsed.error);
  const chat = parsed.value;
  const unsafe = checkRequestParts(chat, {
    imageHosts: config.traffic.imageURLAllowedHosts,
    schemas: identity.kind !== 'visitor' || config.traffic.embedAllowTools,
  });
  if (unsafe) return refuse(unsafe);
  const resolved = await catalog.resolve(chat.model);
  if (!resolved.ok) {
    return refuse({
      status: 404,
      code: 'model_not_found',
      param: 'model',
      message: `Unknown model '${chat.model}'. GET /api/models lists the models available.`,
    });
  }
  const { model, provider } = resolved;
  // A provider session is continued only by the identity that started it.
  const sessionKey = authSecret ?? provider.apiKey ?? PROCESS_SESSION_KEY;
  const owned = provider.statefulSessions
    ? checkSessionOwner(parsed.value, identity.key, sessionKey)
    : ({ ok: true, chat } as const);
  if (!owned.ok) return refuse(owned.error);
  const { upstream, fetch, session } = prepareUpstream(
    owned.chat,
    {
      provider,
      upstreamModel: model.upstreamId,
      kind: model.kind,
      maxOutputTokens: config.maxOutputTokens,
      ...(config.systemPrompt ? { systemPrompt: config.systemPrompt } : {}),
      ...(model.context_length ? { contextLength: model.context_length } : {}),
      newSessionId: () => newBoundSessionId(identity.key, sessionKey),
    },
    plainFetch(),
  );
  const logContext = {
    identity: hashIdentity(identity.key),
    provider: provider.id,
    model: model.id,
    ...(model.unlisted && { unlisted: true }),
  };
  const reserved = await ticket.reserve({
    chat,
    modelId: model.id,
    provider,
    maxTokens: Math.min(chat.max_tokens ?? config.maxOutputTokens, config.maxOutputTokens),
  });
  if (!reserved.ok) return observeRefusal(logChat, reserved.response, logContext);
  const requestId = `chat_${crypto.randomUUID()}`;
  const replicated = provider.baseURLs.length > 1;
  const observer = observeChat(logChat, logContext, replicated);
  const recordUsage = usageRecorderFor(identity, model.id);
  const pricing = pricingFor(provider, model.upstreamId);
  const costMeter = pricing ? createCostMeter(pricing, provider.id, backendShares()) : undefined;
  const showAddresses = mayShowBackendAddress(identity);
  const options: StreamChatOptions = {
    upstream,
    backendURL: showAddresses ? displayURL(provider.baseURL) : `"${provider.label}"`,
    requestId,
    model: model.id,
    normalizer: {
      bracketedNotice: PRESETS[provider.preset].bracketedNotice,
      ...(upstream.prefill !== undefined ? { prefill: upstream.prefill } : {}),
      thinkPrefilled: thinksFirst(
        model.upstreamId,
        provider.models.find((m) => m.id === model.upstreamId)?.thinkPrefilled,
      ),
    },
    headersTimeoutMs: config.upstreamHeadersTimeoutMs,
    idleTimeoutMs: config.upstreamIdleTimeoutMs,
    keepaliveIntervalMs: config.keepaliveIntervalMs,
    secrets,
    signal: request.signal,
    receivedAt,
    session,
    ...(costMeter ? { costMeter } : {}),
    // One address needs no pool: such a provider behaves exactly as before replicas existed.
    ...(replicated ? { replicas: replicaPool(provider), showReplicaAddresses: showAddresses } : {}),
  };
  const deps: StreamChatDeps = {
    fetch: costMeter ? costMeter.watch(fetch) : fetch,
    now: () => performance.now(),
    onEnd: recordUsage
      ? (summary) => {
          observer.onEnd(summary);
          recordUsage(summary);
        }
      : observer.onEnd,
    onUpstream: observer.onUpstream,
    ...(reserved.gate ? { gate: reserved.gate } : {}),
  };
  let stream: ReadableStream<Uint8Array>;
  const binding = resumeBinding(identity);
  if (chat.resumable) {
    const recorder = answerRecorderFor(identity, chat, model.id);
    const answer = startResumableAnswer(
      {
        ...options,
        graceMs: config.resume.graceMs,
        ...(binding ? { binding } : {}),
        ...(recorder ? { recorder } : {}),
      },
      { ...deps, ...resume },
    );
    context.keepAlive?.(answer.finished);
    stream = answer.stream;
  } else {
    stream = streamChat(options, deps);
  }
  // The upstream request has been started. To a backend on this machine its connection opens at
  // once and the request goes out at the event loop's next poll: the response goes to Next only
  // after it, or Next's own work on the response (its head, the `start` frame: about 0.7 ms of CPU,
  // traced) would run first and hold the request back; it now overlaps the engine's prefill.
  await afterNextPoll();
  return new Response(stream, {
    status: 200,
    headers: { ...EVENT_STREAM_HEADERS, 'X-Request-Id': requestId },
  });
}

/** Keys provider session tags when neither `AUTH_SECRET` nor the provider's key is there. */
const PROCESS_SESSION_KEY = randomBytes(32).toString('hex');

const SHUTTING_DOWN = {
  status: 503,
  code: 'shutting_down',
  message: 'The server is restarting; try again in a few seconds',
} as const;

/** Seconds a client is told to wait when the server drains (a restart's usual length). */
const SHUTDOWN_RETRY_AFTER_S = 5;

function shuttingDown(response: Response): Response {
  response.headers.set('Retry-After', String(SHUTDOWN_RETRY_AFTER_S));
  return response;
}
