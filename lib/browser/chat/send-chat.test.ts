import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { sendChat } from './send-chat';
import { fakeFetch, REASONING_STREAM, sseResponse } from '../../../testing/unit/chat-test-support';

const body = { model: 'vllm:chat', messages: [{ role: 'user' as const, content: 'hi' }] };

async function collect(fetchImpl: typeof fetch, signal = new AbortController().signal) {
  const events: RunnelEvent[] = [];
  const end = await sendChat({
    fetch: fetchImpl,
    body,
    signal,
    onEvents: (e) => events.push(...e),
  });
  return { events, end };
}

describe('sendChat', () => {
  it('posts the body and feeds every event, even from 1-byte chunks', async () => {
    const f = fakeFetch(() => sseResponse(REASONING_STREAM, { bytewise: true }));
    const { events, end } = await collect(f);
    expect(f.bodies[0]).toEqual(body);
    expect(events).toEqual(REASONING_STREAM);
    expect(end).toEqual({ kind: 'ended' });
  });

  it('a 4xx JSON error before streaming → failed with the server code and message', async () => {
    const f = fakeFetch(() =>
      Response.json(
        { error: { code: 'model_not_found', message: "Unknown model 'x'", param: 'model' } },
        { status: 404 },
      ),
    );
    const { end } = await collect(f);
    expect(end).toEqual({
      kind: 'failed',
      error: { status: 404, code: 'model_not_found', message: "Unknown model 'x'" },
    });
  });

  it('a non-JSON error page → failed with the status line', async () => {
    const f = fakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const { end } = await collect(f);
    expect(end).toMatchObject({ kind: 'failed', error: { status: 502, code: 'http_502' } });
  });

  it('a network failure → failed with network_error', async () => {
    const f = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { end } = await collect(f);
    expect(end).toMatchObject({ kind: 'failed', error: { code: 'network_error' } });
  });

  it('aborting mid-stream → aborted, and the request signal is aborted', async () => {
    const f = fakeFetch(() => sseResponse([{ type: 'content', text: 'partial' }], { hang: true }));
    const controller = new AbortController();
    const events: RunnelEvent[] = [];
    const pending = sendChat({
      fetch: f,
      body,
      signal: controller.signal,
      onEvents: (e) => {
        events.push(...e);
        controller.abort();
      },
    });
    expect(await pending).toEqual({ kind: 'aborted' });
    expect(events).toEqual([{ type: 'content', text: 'partial' }]);
    expect(f.signals[0]!.aborted).toBe(true);
  });

  it('a body that ends without a terminal event → ended (the caller marks it incomplete)', async () => {
    const f = fakeFetch(() => sseResponse([{ type: 'content', text: 'Let me' }]));
    const { events, end } = await collect(f);
    expect(events).toHaveLength(1);
    expect(end).toEqual({ kind: 'ended' });
  });
});

describe('sendChat rate limits', () => {
  it("keeps a 429's retry_after_s and limit from the body", async () => {
    const f = fakeFetch(() =>
      Response.json(
        {
          error: {
            code: 'rate_limited',
            message: 'Rate limit reached',
            retry_after_s: 12,
            limit: 'rpm',
          },
        },
        { status: 429, headers: { 'Retry-After': '12' } },
      ),
    );
    const { end } = await collect(f);
    expect(end).toEqual({
      kind: 'failed',
      error: {
        status: 429,
        code: 'rate_limited',
        message: 'Rate limit reached',
        retry_after_s: 12,
        limit: 'rpm',
      },
    });
  });

  it('falls back to the Retry-After header', async () => {
    const f = fakeFetch(
      () => new Response('slow down', { status: 429, headers: { 'Retry-After': '30' } }),
    );
    const { end } = await collect(f);
    expect(end).toMatchObject({ kind: 'failed', error: { code: 'http_429', retry_after_s: 30 } });
  });
});
