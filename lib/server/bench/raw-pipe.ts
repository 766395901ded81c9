import 'server-only';

import { EVENT_STREAM_HEADERS } from '../../protocol/sse';
import type { RunnelConfig } from '../config/schema';
import { jsonError } from '../http/json-error';
import { plainFetch } from '../http/plain-fetch';
import { readJsonBody } from '../http/read-body';

/**
 * The floor `npm run bench:load` measures Runnel against: the backend's bytes passed to the
 * browser untouched (no parsing, no events, no pacing) through the same Next server. Only with
 * `BENCH_RAW_PIPE=1`; otherwise it does not exist (404).
 */
export async function rawPipe(request: Request, config: RunnelConfig): Promise<Response> {
  if (!config.ops.benchRawPipe) {
    return jsonError({ status: 404, code: 'not_found', message: 'Not found' });
  }
  const body = await readJsonBody(request, config.maxRequestBytes);
  if (!body.ok) return jsonError(body.error);
  const provider = config.providers[0]!;
  // Node's own fetch, as the chat route calls backends: this floor and the chat route then differ
  // only in Runnel's own work.
  const upstream = await plainFetch()(`${provider.baseURL}/chat/completions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(provider.apiKey ? { Authorization: `Bearer ${provider.apiKey}` } : {}),
    },
    body: JSON.stringify({ ...(body.value as object), stream: true }),
    signal: request.signal,
  });
  return new Response(upstream.body, { status: upstream.status, headers: EVENT_STREAM_HEADERS });
}
