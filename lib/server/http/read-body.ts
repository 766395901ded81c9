import 'server-only';

import type { RequestError } from '../../protocol/chat-request';
import { createDepthScanner, MAX_JSON_DEPTH } from './json-depth';

/**
 * How fast a body must keep arriving: within `graceMs` of the first read, and after that at
 * `minBytesPerSecond` on average over the whole body. A body held open with a byte now and then
 * would otherwise hold what its request took before it (a conversation write's upload slot, a
 * chat's concurrent-stream slot) until Node's own request timeout, five minutes.
 */
export interface BodyPace {
  graceMs: number;
  minBytesPerSecond: number;
}

/**
 * Twenty seconds (Apache's `mod_reqtimeout` default for a body), then 16 KiB/s (128 kbit/s) on
 * average. The allowance grows with every byte received, as `mod_reqtimeout`'s `MinRate` does: a
 * slow link that keeps sending is not cut off, and a client that stops is, within seconds of its
 * allowance. Node's own limit, five minutes for the whole request, stays the bound on a large body
 * (a 64 MiB import arrives within it at 218 KiB/s).
 */
export const BODY_PACE: BodyPace = { graceMs: 20_000, minBytesPerSecond: 16 * 1024 };

/**
 * Reads a JSON request body, refusing more than `maxBytes` (413) without buffering it all first:
 * a declared Content-Length over the limit is refused at once (the body is never read; Node's
 * server discards it after the answer), and a body without one is counted as it arrives. Nesting
 * deeper than `MAX_JSON_DEPTH` is refused the same way as the bytes arrive, so a body built to be
 * expensive to parse never is. A refusal is answered at once, while the rest of the body is read
 * and thrown away behind it (`drainBehindAnswer`). A body that arrives slower than `pace` is
 * refused with 408 and cut off.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  pace: BodyPace = BODY_PACE,
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
  const started = performance.now();
  for (;;) {
    const due = started + pace.graceMs + (size / pace.minBytesPerSecond) * 1000;
    let chunk: ReadableStreamReadResult<Uint8Array> | 'late';
    try {
      chunk = await readBefore(reader, due - performance.now());
    } catch {
      // The client went away mid-body: nobody is left to answer.
      return {
        ok: false,
        error: { status: 400, code: 'invalid_json', message: 'The body ended early' },
      };
    }
    if (chunk === 'late') {
      chunks.length = 0;
      void reader.cancel().catch(() => undefined);
      return { ok: false, error: tooSlow(pace) };
    }
    const { value, done } = chunk;
    if (done) break;
    size += value.byteLength;
    const refusal = size > maxBytes ? tooLarge : depth.push(value) ? tooDeep : undefined;
    if (refusal) {
      chunks.length = 0;
      void drainBehindAnswer(reader, maxBytes);
      return { ok: false, error: refusal };
    }
    chunks.push(value);
  }
  // Decoding and parsing megabytes take milliseconds each, in one go: a large body lets other
  // requests (a load balancer's health check) run before and after its parse, not after all of it.
  const large = size > YIELD_ABOVE_BYTES;
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
  chunks.length = 0;
  if (large) await yieldToEventLoop();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' },
    };
  }
  if (large) await yieldToEventLoop();
  return { ok: true, value };
}

/** The reader's next chunk, or `'late'` when none came within `waitMs`. */
function readBefore(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  waitMs: number,
): Promise<ReadableStreamReadResult<Uint8Array> | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, waitMs));
  });
  return Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
}

const tooSlow = (pace: BodyPace): RequestError => ({
  status: 408,
  code: 'request_timeout',
  message: `The request body came too slowly: it may take ${pace.graceMs / 1000} s plus 1 s per ${Math.round(pace.minBytesPerSecond / 1024)} KiB received`,
});

/** Bodies over this much are decoded, parsed and handed on in separate turns of the event loop. */
const YIELD_ABOVE_BYTES = 1024 * 1024;

/** Resolves after the I/O waiting now has had its turn (a promise alone would not let it). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const tooDeep: RequestError = {
  status: 400,
  code: 'invalid_request',
  message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
};

/**
 * Reads the rest of a refused body, keeping nothing, while the refusal is sent. A client that
 * watches for an early answer while it uploads (curl does, as HTTP/1.1 asks of clients) stops
 * sending and closes, so what it would have sent is never read. One that sends to the end before
 * reading finds its answer waiting: closing a connection with unread bytes makes the kernel reset
 * it, and the client might never see the answer, so up to `maxBytes` more are read to let it.
 * Past that the body is cut off (the connection is reset).
 */
async function drainBehindAnswer(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<void> {
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) break;
    }
  } catch {
    // The client went away: nothing is left to read.
    return;
  }
  await reader.cancel().catch(() => undefined);
}
