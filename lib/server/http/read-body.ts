import 'server-only';

import type { RequestError } from '../../protocol/chat-request';
import { createDepthScanner, MAX_JSON_DEPTH } from './json-depth';

/**
 * Reads a JSON request body, refusing more than `maxBytes` (413) without buffering it all first:
 * a declared Content-Length over the limit is refused at once (the body is never read; Node's
 * server discards it after the answer), and a body without one is counted as it arrives. Past the
 * limit such a body is read on and thrown away, up to `maxBytes` more, so that the client, still
 * sending, can read the 413 afterwards: closing a connection with unread bytes makes the kernel
 * reset it, and the client may never see the answer. A body larger still is cut off (reset).
 * Nesting deeper than `MAX_JSON_DEPTH` is refused the same way as the bytes arrive, so a body built
 * to be expensive to parse never is.
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
  const depth = createDepthScanner(MAX_JSON_DEPTH);
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body: nobody is left to answer.
      return {
        ok: false,
        error: { status: 400, code: 'invalid_json', message: 'The body ended early' },
      };
    }
    const { value, done } = chunk;
    if (done) break;
    size += value.byteLength;
    const refusal = size > maxBytes ? tooLarge : depth.push(value) ? tooDeep : undefined;
    if (refusal) {
      chunks.length = 0;
      if (!(await discardRest(reader, maxBytes))) await reader.cancel().catch(() => undefined);
      return { ok: false, error: refusal };
    }
    chunks.push(value);
  }
  let text: string;
  try {
    // JSON travels as UTF-8 (RFC 8259): bytes that are not are refused, not silently replaced.
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return {
      ok: false,
      error: { status: 400, code: 'invalid_json', message: 'The request body is not valid UTF-8' },
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' },
    };
  }
  return { ok: true, value };
}

const tooDeep: RequestError = {
  status: 400,
  code: 'invalid_request',
  message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
};

/**
 * Reads `reader` to its end, keeping nothing; false (and stops) once more than `maxBytes` came,
 * or when the body fails (the client went away).
 */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<boolean> {
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return true;
      size += value.byteLength;
      if (size > maxBytes) return false;
    }
  } catch {
    return false;
  }
}
