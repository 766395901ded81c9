import { Agent, request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { APP_URL, SCENARIO_URL } from '../../testing/stack/ports';
import {
  backendRecord,
  backendRecordsMentioning,
  chat,
  chatBody,
  nonce,
  postChat,
} from '../support/chat-client';

/**
 * POSTs `head` and then `fillerBytes` of message text in 64 KiB chunks with no Content-Length
 * (Transfer-Encoding: chunked), on its own connection, until the app answers; stops sending then.
 * The connection is kept alive, as browsers and fetch keep theirs: asking for it to close would
 * have Node's server close it right after the answer, with the rest of the upload still arriving,
 * and the reset that follows can reach the client before it reads the answer.
 */
function chunkedUpload(
  head: string,
  fillerBytes: number,
): Promise<{ status: number; body: string; chunked: boolean }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${APP_URL}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, chunked: request.chunkedEncoding });
        request.destroy();
      });
    });
    // The app may hang up on the rest of the upload once it has answered.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    request.write(head);
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const pump = (): void => {
      while (!answered && sent < fillerBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered) request.end('"}]}');
    };
    pump();
  });
}

test.describe('POST /api/chat contract', () => {
  test('answers 200 with the event-stream headers, start first, an id on every event', async () => {
    const { response, raw, events } = await chat(chatBody('vllm:chat', nonce()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(events[0]).toMatchObject({ type: 'start', model: 'vllm:chat' });
    const frames = raw.split('\n\n').filter((f) => f.startsWith('id:'));
    expect(frames.length).toBe(events.length);
    frames.forEach((frame, i) => expect(frame).toMatch(new RegExp(`^id: ${i + 1}\\ndata: \\{`)));
  });

  test('refuses an unknown top-level field with unknown_parameter, before any upstream call', async () => {
    const marker = nonce();
    const response = await postChat({ ...chatBody('vllm:chat', marker), frequency_boost: 2 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'unknown_parameter',
        param: 'frequency_boost',
        message: "Unknown parameter: 'frequency_boost'",
      },
    });
    expect(await backendRecordsMentioning(marker)).toEqual([]);
  });

  test('refuses an unknown model with a 404 before any upstream call', async () => {
    const marker = nonce();
    const response = await postChat(chatBody('vllm:does-not-exist', marker));
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatchObject({
      code: 'model_not_found',
      param: 'model',
    });
    expect(await backendRecordsMentioning(marker)).toEqual([]);
  });

  test('refuses invalid values and invalid JSON with 400', async () => {
    const bad = await postChat({ ...chatBody('vllm:chat', nonce()), temperature: 9 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({
      code: 'invalid_request',
      param: 'temperature',
    });
    const notJson = await fetch(`${APP_URL}/api/chat`, { method: 'POST', body: '{"model":' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe('invalid_json');
  });

  test('refuses a body over MAX_REQUEST_BYTES with 413', async () => {
    const response = await postChat(chatBody('vllm:chat', 'x'.repeat(9 * 1024 * 1024)));
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('request_too_large');
  });

  test('refuses a streamed body over MAX_REQUEST_BYTES, sent without Content-Length', async () => {
    // A chunked upload: the app cannot know the size up front and has to count as it reads.
    const marker = nonce();
    const { status, body, chunked } = await chunkedUpload(
      `{"model":"vllm:chat","messages":[{"role":"user","content":"Test ${marker} `,
      9 * 1024 * 1024,
    );
    expect(chunked).toBe(true);
    expect(status).toBe(413);
    expect(JSON.parse(body).error.code).toBe('request_too_large');
    expect(await backendRecordsMentioning(marker)).toEqual([]);
  });

  test('answers a too-deep body at once, while its sender waits before sending the rest', async () => {
    // A client that watches for an early answer stops sending on it: the refusal must not wait
    // for the rest of the body (this one never comes until the answer does).
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(`${APP_URL}/api/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          agent: false,
        });
        request.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body: text });
            request.destroy();
          });
        });
        request.on('error', reject);
        request.write(`{"model":"vllm:chat","messages":${'['.repeat(100)}`);
      },
    );
    expect(status).toBe(400);
    expect(JSON.parse(body).error.code).toBe('invalid_request');
  });

  test('caps max_tokens and always asks the backend for usage', async () => {
    const marker = nonce();
    await chat(chatBody('vllm:chat', marker, { max_tokens: 999_999 }));
    const record = await backendRecord('chat', marker);
    expect(record?.body).toMatchObject({
      max_tokens: 4096,
      stream: true,
      stream_options: { include_usage: true, continuous_usage_stats: true },
    });
  });

  test('sends keepalive comments while the backend is silent', async () => {
    const { raw, events } = await chat(chatBody('vllm:long-prefill', nonce()));
    expect(raw.match(/^: keepalive$/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)?.type).toBe('done');
  });
});

test.describe('GET /api/models and /api/health', () => {
  test("lists every provider's models with kind, and the default", async () => {
    const body = await (await fetch(`${APP_URL}/api/models`)).json();
    const ids = body.models.map((m: { id: string }) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'vllm:chat',
        'ark:reasoning',
        'acs:completion',
        'tai:notice',
        'gpu:qwen/qwen3-8b',
        'llamacpp:chat',
      ]),
    );
    expect(body.models.find((m: { id: string }) => m.id === 'acs:completion')).toMatchObject({
      kind: 'completion',
      provider: 'acs',
    });
    expect(body.models.find((m: { id: string }) => m.id === 'vllm:chat')).toMatchObject({
      kind: 'chat',
      context_length: 32768,
    });
    expect(body.default_model).toBe('vllm:reasoning');
  });

  test('serves a backend without /models from configuration', async () => {
    const body = await (await fetch(`${APP_URL}/api/models`)).json();
    expect(body.models.map((m: { id: string }) => m.id)).toContain('nomodels:configured-only');
    const { events } = await chat(chatBody('nomodels:configured-only', nonce()));
    expect(events.at(-1)?.type).toBe('done');
  });

  test('reports each backend reachable with status and latency', async () => {
    const response = await fetch(`${APP_URL}/api/health`);
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.providers.find((p: { id: string }) => p.id === 'vllm')).toMatchObject({
      reachable: true,
      status: 200,
      baseURL: `${SCENARIO_URL}/v1`,
      latency_ms: expect.any(Number),
    });
  });
});
