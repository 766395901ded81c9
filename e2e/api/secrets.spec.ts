import { expect, test } from '@playwright/test';
import { E2E_KEYS } from '../../testing/stack/keys';
import { APP_URL, DOWN_APP_URL } from '../../testing/stack/ports';
import { backendRecord, chat, chatBody, nonce } from '../support/chat-client';

// The keys are not shaped like any credential the redactor knows by pattern: only the configured
// keys (configuration → runtime → stream) can mask them here.
const ECHOES = [
  {
    provider: 'vllm',
    key: E2E_KEYS.vllm,
    before: 'Incorrect API key provided: [redacted].',
    during: 'Upstream authentication failed: Incorrect API key provided: [redacted].',
  },
  {
    provider: 'ark',
    key: E2E_KEYS.ark,
    before: 'Invalid API key: [redacted].',
    during: 'Session revoked for key [redacted].',
  },
] as const;

test.describe('secrets stay on the server', () => {
  for (const { provider, key } of ECHOES) {
    test(`the ${provider} key reaches its backend as a bearer token`, async () => {
      const marker = nonce();
      await chat(chatBody(`${provider}:chat`, marker));
      expect((await backendRecord('chat', marker))?.headers.authorization).toBe(`Bearer ${key}`);
    });
  }

  for (const { provider, key, before, during } of ECHOES) {
    test(`a ${provider} error that echoes the key before the stream never shows it`, async () => {
      const { raw, events } = await chat(chatBody(`${provider}:echo-key`, nonce()));
      expect(raw).not.toContain(key);
      expect(raw).not.toContain(key.slice(0, 16));
      expect(events.at(-1)).toMatchObject({
        error: {
          code: 'upstream_http_error',
          status: 401,
          message: expect.stringContaining(before),
        },
      });
    });

    test(`a ${provider} error frame that echoes the key mid-stream never shows it`, async () => {
      const { raw, events } = await chat(chatBody(`${provider}:echo-key-midstream`, nonce()));
      expect(raw).not.toContain(key);
      expect(events.at(-1)).toMatchObject({
        error: { code: 'upstream_error', message: during },
      });
    });
  }

  test('no page, model list or health answer contains a key', async () => {
    for (const url of [APP_URL, DOWN_APP_URL]) {
      for (const path of ['/', '/api/models', '/api/health']) {
        const text = await (await fetch(`${url}${path}`)).text();
        for (const key of Object.values(E2E_KEYS)) expect(text).not.toContain(key);
      }
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
    expect(raw).not.toContain(E2E_KEYS.down);
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
