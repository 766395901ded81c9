import { describe, expect, it } from 'vitest';
import { readJsonBody } from './read-body';

/** A request whose body streams in `chunks` with no Content-Length, as a chunked upload does. */
function streamedRequest(chunks: string[]): { request: Request; pulled: () => number } {
  let next = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
  const request = new Request('http://app.test/api/chat', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => next };
}

describe('readJsonBody', () => {
  it('reads a streamed body within the limit', async () => {
    const { request } = streamedRequest(['{"model":', '"m"}']);
    expect(request.headers.get('content-length')).toBeNull();
    expect(await readJsonBody(request, 100)).toEqual({ ok: true, value: { model: 'm' } });
  });

  it('refuses a streamed body over the limit without Content-Length, without reading it all', async () => {
    const chunks = Array.from({ length: 50 }, () => 'x'.repeat(40));
    const { request, pulled } = streamedRequest(chunks);
    expect(request.headers.get('content-length')).toBeNull();
    expect(await readJsonBody(request, 100)).toEqual({
      ok: false,
      error: {
        status: 413,
        code: 'request_too_large',
        message: 'The request body is larger than 100 bytes',
      },
    });
    // 3 chunks of 40 bytes pass 100; the rest was never pulled (a stream reads ahead a little).
    expect(pulled()).toBeLessThan(6);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const request = new Request('http://app.test/api/chat', {
      method: 'POST',
      headers: { 'content-length': '101' },
      body: '{}',
    });
    expect(await readJsonBody(request, 100)).toMatchObject({ ok: false, error: { status: 413 } });
  });

  it('says invalid_json for a body that is not JSON', async () => {
    const { request } = streamedRequest(['{"model":']);
    expect(await readJsonBody(request, 100)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_json' },
    });
  });
});
