import 'server-only';

import type { RequestError } from '../../protocol/chat-request';

/** A plain HTTP error, as the contract has it: `{"error":{"code","message","param?"}}`. */
export function jsonError(error: RequestError): Response {
  const { status, ...body } = error;
  return Response.json({ error: body }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** `429 rate_limited` with `Retry-After`: the caller may try again in `retryAfterS` seconds. */
export function tooManyRequests(message: string, retryAfterS: number): Response {
  const response = jsonError({ status: 429, code: 'rate_limited', message });
  response.headers.set('Retry-After', String(retryAfterS));
  return response;
}
