import 'server-only';

import type { RequestError } from '../../protocol/chat-request';

/** A plain HTTP error, as the contract has it: `{"error":{"code","message","param?"}}`. */
export function jsonError(error: RequestError): Response {
  const { status, ...body } = error;
  return Response.json({ error: body }, { status, headers: { 'Cache-Control': 'no-store' } });
}
