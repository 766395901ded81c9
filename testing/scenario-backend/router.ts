/**
 * Request routing: control API, provider prefixes, `/models`, and the two
 * completion endpoints. Also wires every request into the recorder so its
 * outcome (completed, client closed, destroyed, never answered) is captured.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { monotonicMs, nowMs } from './clock';
import { CONTROL_PREFIX, handleControl } from './control-routes';
import { CORS_HEADERS, readBody, sendJson, sendRaw } from './http-utils';
import { aggregatePlan } from './non-stream';
import { runSteps } from './paced-writer';
import type { ProviderDef } from './provider-def';
import { closeRecord, type RequestRecord } from './recorder';
import { buildContext } from './request-context';
import { acsProvider } from './scenarios/acs';
import { arkProvider } from './scenarios/ark';
import { gpuProvider } from './scenarios/gpu';
import { llamacppProvider } from './scenarios/llamacpp';
import { taiProvider } from './scenarios/tai';
import { noModelsProvider, vllmProvider } from './scenarios/vllm';
import type { ServerState } from './state';
import type { Endpoint, RequestBody } from './types';

/** Path prefix → provider; longest prefixes first so `/v1` is the catch-all. */
const PROVIDER_PREFIXES: readonly (readonly [string, ProviderDef])[] = [
  ['/vllm/v1', vllmProvider],
  ['/ark/v1', arkProvider],
  ['/acs/v1', acsProvider],
  ['/tai/v1', taiProvider],
  ['/gpu/v1', gpuProvider],
  ['/llamacpp/v1', llamacppProvider],
  ['/nomodels/v1', noModelsProvider],
  ['/v1', vllmProvider],
];

/**
 * `GET /metrics`, shaped like vLLM's: requests running are the completions this server is
 * answering now (no outcome yet); none ever waits in its own queue.
 */
function loadMetrics(state: ServerState): string {
  const running = state.recorder.list().filter((r) => r.outcome === undefined).length;
  return [
    '# HELP vllm:num_requests_running Number of requests in model execution batches.',
    '# TYPE vllm:num_requests_running gauge',
    `vllm:num_requests_running{engine="0",model_name="scenarios"} ${running}.0`,
    '# HELP vllm:num_requests_waiting Number of requests waiting to be processed.',
    '# TYPE vllm:num_requests_waiting gauge',
    'vllm:num_requests_waiting{engine="0",model_name="scenarios"} 0.0',
    '',
  ].join('\n');
}

/** Per-request flags the close listener reads to classify the outcome. */
interface Tracking {
  serverDestroyed: boolean;
  neverRespond: boolean;
}

/** Creates the node:http request listener bound to `state`. */
export function createRequestHandler(state: ServerState) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res, state).catch((err: unknown) => {
      console.error('[scenario-backend] handler error', err);
      if (!res.headersSent)
        sendJson(res, 500, {
          error: { message: String(err), type: 'InternalServerError', code: 500 },
        });
      else res.destroy();
    });
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
): Promise<void> {
  const receivedAt = nowMs();
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://scenario.local');
  if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
    return handleControl(req, res, url, state);
  }

  if (url.pathname === '/metrics' && req.method === 'GET') {
    sendRaw(res, {
      status: 200,
      contentType: 'text/plain; version=0.0.4',
      body: loadMetrics(state),
    });
    return;
  }

  const match = PROVIDER_PREFIXES.find(([prefix]) => url.pathname.startsWith(`${prefix}/`));
  const raw = await readBody(req);
  let body: unknown = null;
  let invalidJson = false;
  if (raw.length > 0) {
    try {
      body = JSON.parse(raw);
    } catch {
      invalidJson = true;
    }
  }
  const obj =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as RequestBody)
      : null;
  const record = state.recorder.start(
    {
      provider: match?.[1].name ?? 'unknown',
      method: req.method ?? 'GET',
      path: url.pathname,
      model: typeof obj?.model === 'string' ? obj.model : null,
      body,
      headers: { ...req.headers },
    },
    receivedAt,
  );
  const tracking: Tracking = { serverDestroyed: false, neverRespond: false };
  trackClose(req, res, record, tracking);

  if (!match)
    return sendJson(res, 404, {
      error: { message: `Not found: ${url.pathname}`, type: 'NotFoundError', code: 404 },
    });
  const [prefix, provider] = match;
  const route = `${req.method} ${url.pathname.slice(prefix.length)}`;

  if (route === 'GET /models') return listModels(res, provider);
  const endpoint: Endpoint | null =
    route === 'POST /chat/completions'
      ? 'chat'
      : route === 'POST /completions'
        ? 'completions'
        : null;
  if (!endpoint || (endpoint === 'chat' && provider.chatEndpoint === false)) {
    return sendJson(res, 404, {
      error: {
        message: `Not found: ${req.method} ${url.pathname}`,
        type: 'not_found_error',
        code: 404,
      },
    });
  }
  if (invalidJson) return sendRaw(res, provider.badRequest('Request body is not valid JSON.'));
  if (!obj) return sendRaw(res, provider.badRequest('Request body must be a JSON object.'));
  await serveCompletion(
    res,
    provider,
    obj,
    { ...buildContext(obj, req.headers, endpoint), arkSessions: state.arkSessions },
    state,
    record,
    tracking,
  );
}

async function serveCompletion(
  res: ServerResponse,
  provider: ProviderDef,
  body: RequestBody,
  ctx: ReturnType<typeof buildContext>,
  state: ServerState,
  record: RequestRecord,
  tracking: Tracking,
): Promise<void> {
  const invalid = provider.validate?.(body);
  if (invalid) return sendRaw(res, invalid);
  const scenario = provider.scenarios[ctx.model] ?? provider.fallback;
  if (!scenario) return sendRaw(res, provider.notFound(ctx.model));

  const streaming = body.stream === true;
  // A non-streaming answer always carries usage, so build the plan as if it was asked for.
  const result = scenario(body, streaming ? ctx : { ...ctx, includeUsage: true });
  if ('httpError' in result) return sendRaw(res, result.httpError);
  if ('neverRespond' in result) {
    tracking.neverRespond = true;
    return;
  }
  if (!streaming) {
    const outcome = aggregatePlan(result, provider.flavor);
    if ('respond' in outcome) return sendRaw(res, outcome.respond);
    if ('destroy' in outcome) {
      tracking.serverDestroyed = true;
      res.destroy();
    } else tracking.neverRespond = true;
    return;
  }
  await runSteps(res, result, state.settings.tokenDelayMs, {
    onHeaders: () => (record.headersAt = nowMs()),
    onFirstByte: () => {
      record.firstByteAt = nowMs();
      record.monotonic.firstByteAt = monotonicMs();
    },
    onServerDestroy: () => (tracking.serverDestroyed = true),
  });
}

function listModels(res: ServerResponse, provider: ProviderDef): void {
  if (provider.listModels === false) {
    return sendJson(res, 404, { detail: 'Not Found' });
  }
  const created = Math.floor(Date.now() / 1000);
  const data = Object.keys(provider.scenarios).map((id) => ({
    id,
    object: 'model',
    created,
    owned_by: 'scenario',
    ...provider.modelExtras,
  }));
  sendJson(res, 200, { object: 'list', data });
}

/** Records closedAt/outcome when the response or its socket closes. */
function trackClose(
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
  tracking: Tracking,
): void {
  const onClose = (): void => {
    if (tracking.serverDestroyed) closeRecord(record, 'server_destroyed');
    else if (res.writableEnded) closeRecord(record, 'completed');
    else if (tracking.neverRespond) closeRecord(record, 'never_responded');
    else closeRecord(record, 'client_closed');
  };
  const socket = req.socket;
  socket.once('close', onClose);
  res.once('close', () => {
    socket.off('close', onClose);
    onClose();
  });
}
