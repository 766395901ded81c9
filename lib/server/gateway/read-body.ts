import 'server-only';

import type { RequestError } from '../../protocol/chat-request';

/**
 * Reads a JSON request body, refusing more than `maxBytes` (413) without buffering it all first:
 * a declared Content-Length over the limit is refused at once, and a body without one is counted
 * as it arrives.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; error: RequestError }> {
  const tooLarge: RequestError = {
    status: 413,
    code: 'request_too_large',
    message: `The request body is larger than ${maxBytes} bytes`,
  };
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, error: tooLarge };
  if (!request.body) {
    return {
      ok: false,
      error: { status: 400, code: 'invalid_json', message: 'The request has no body' },
    };
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, error: tooLarge };
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      error: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' },
    };
  }
}
