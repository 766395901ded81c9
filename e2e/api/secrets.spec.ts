import { expect, test } from '@playwright/test';
import { APP_URL, DOWN_APP_URL, E2E_VLLM_KEY } from '../../testing/stack/ports';
import { backendRecord, chat, chatBody, nonce } from '../support/chat-client';

test.describe('secrets stay on the server', () => {
  test('the key reaches the backend as a bearer token', async () => {
    const marker = nonce();
    await chat(chatBody('vllm:chat', marker));
    expect((await backendRecord('chat', marker))?.headers.authorization).toBe(
      `Bearer ${E2E_VLLM_KEY}`,
    );
  });

  test('a backend error that echoes the key before the stream never shows it', async () => {
    const { raw, events } = await chat(chatBody('vllm:echo-key', nonce()));
    expect(raw).not.toContain(E2E_VLLM_KEY);
    expect(raw).not.toContain(E2E_VLLM_KEY.slice(0, 16));
    expect(events.at(-1)).toMatchObject({
      error: {
        code: 'upstream_http_error',
        status: 401,
        message: expect.stringContaining('Incorrect API key provided: [redacted]'),
      },
    });
  });

  test('an error frame that echoes the key mid-stream never shows it', async () => {
    const { raw, events } = await chat(chatBody('vllm:echo-key-midstream', nonce()));
    expect(raw).not.toContain(E2E_VLLM_KEY);
    expect(events.at(-1)).toMatchObject({
      error: { code: 'upstream_error', message: expect.stringContaining('[redacted]') },
    });
  });

  test('no page, model list or health answer contains a key', async () => {
    for (const path of ['/', '/api/models', '/api/health']) {
      const text = await (await fetch(`${APP_URL}${path}`)).text();
      expect(text).not.toContain(E2E_VLLM_KEY);
      expect(text).not.toContain('ark-e2e-key');
    }
  });

  test('nothing in a request can change where it goes', async () => {
    const response = await fetch(`${APP_URL}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...chatBody('vllm:chat', nonce()), baseURL: 'http://evil.test' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      code: 'unknown_parameter',
      param: 'baseURL',
    });
  });
});

test.describe('a backend that is down', () => {
  test('chat answers with a clear upstream_unreachable naming the address', async () => {
    const { response, raw, events } = await chat(chatBody('Qwen/Qwen3-8B', nonce()), DOWN_APP_URL);
    expect(response.status).toBe(200);
    expect(events.map((e) => e.type)).toEqual(['start', 'error']);
    expect(events[1]).toEqual({
      type: 'error',
      error: {
        code: 'upstream_unreachable',
        message: 'The backend at http://127.0.0.1:59999/v1 could not be reached (ECONNREFUSED)',
      },
    });
    expect(raw).not.toContain('sk-down-app-key');
  });

  test('health says down with the URL; models is empty but answers', async () => {
    const health = await fetch(`${DOWN_APP_URL}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 'down',
      providers: [{ reachable: false, baseURL: 'http://127.0.0.1:59999/v1' }],
    });
    const models = await (await fetch(`${DOWN_APP_URL}/api/models`)).json();
    expect(models).toEqual({ models: [], default_model: null });
  });
});
