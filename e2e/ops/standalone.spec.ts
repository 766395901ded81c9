import { expect, test } from '@playwright/test';
import { E2E_KEYS } from '../../testing/stack/keys';
import { DOWN_APP_URL } from '../../testing/stack/ports';
import type { StandaloneApp } from '../../testing/stack/standalone';
import { chat, chatBody, nonce, postChat } from '../support/chat-client';
import { lastAnswer, openApp, pickModel, send } from '../ui/helpers';
import { logLines, startOpsApp } from './ops-stack';

const TOKEN = 'metrics-token-e2e-0123456789';
let app: StandaloneApp;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  app = await startOpsApp({ METRICS_TOKEN: TOKEN });
});
test.afterAll(() => app?.kill());

const metricsText = async () => {
  const response = await fetch(`${app.url}/api/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

test('the standalone server serves the app: a browser chats through it', async ({ page }) => {
  page.context().setDefaultNavigationTimeout(60_000);
  await openApp(page, app.url);
  await pickModel(page, 'vllm:chat');
  await send(page, `Standalone ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('.markdown')).not.toBeEmpty();
});

test('GET /api/metrics: 404 without METRICS_TOKEN, 401 without the right bearer', async () => {
  // The app with no METRICS_TOKEN (the main app under test has one, for the feedback specs).
  expect((await fetch(`${DOWN_APP_URL}/api/metrics`)).status).toBe(404);
  const none = await fetch(`${app.url}/api/metrics`);
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toContain('Bearer');
  expect(((await none.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  const wrong = await fetch(`${app.url}/api/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}-not` },
  });
  expect(wrong.status).toBe(401);
});

test('metrics count requests by outcome, code, provider and model, with bounded labels', async () => {
  const marker = nonce();
  const done = await chat(chatBody('vllm:chat', marker), app.url);
  expect(done.events.at(-1)?.type).toBe('done');
  const unknown = await postChat(chatBody('vllm:no-such "model" here', marker), {
    baseURL: app.url,
  });
  expect(unknown.status).toBe(404);
  const failed = await chat(chatBody('vllm:echo-key', marker), app.url);
  expect(failed.events.at(-1)?.type).toBe('error');

  const text = await metricsText();
  const count = (line: RegExp) => Number(text.match(line)?.[1] ?? NaN);
  expect(
    count(
      /runnel_chat_requests_total\{outcome="done",code="",provider="vllm",model="vllm:chat"\} (\d+)/,
    ),
  ).toBeGreaterThanOrEqual(1);
  expect(
    count(
      /runnel_chat_requests_total\{outcome="rejected",code="model_not_found",provider="",model=""\} (\d+)/,
    ),
  ).toBeGreaterThanOrEqual(1);
  expect(
    count(
      /runnel_chat_requests_total\{outcome="error",code="upstream_http_error",provider="vllm",model="vllm:echo-key"\} (\d+)/,
    ),
  ).toBeGreaterThanOrEqual(1);
  expect(
    count(/runnel_upstream_responses_total\{provider="vllm",status="200"\} (\d+)/),
  ).toBeGreaterThanOrEqual(1);
  expect(
    count(/runnel_tokens_total\{provider="vllm",model="vllm:chat",direction="out"\} (\d+)/),
  ).toBeGreaterThan(0);
  expect(
    count(/runnel_time_to_first_token_seconds_count\{provider="vllm",model="vllm:chat"\} (\d+)/),
  ).toBeGreaterThanOrEqual(1);
  expect(text).toMatch(/runnel_active_streams\{provider="vllm"\} 0/);
  expect(text).toContain('process_resident_memory_bytes');
  // No user text, no ids the catalog does not know, no key.
  expect(text).not.toContain('no-such');
  expect(text).not.toContain(marker);
  expect(text).not.toContain(E2E_KEYS.vllm);
});

test('one JSON log line per request, with its fields, and no secret anywhere', async () => {
  const response = await postChat(chatBody('vllm:chat', nonce()), { baseURL: app.url });
  const requestId = response.headers.get('x-request-id');
  await response.text();
  await expect
    .poll(() => logLines(app).find((line) => line.requestId === requestId), { timeout: 5_000 })
    .toMatchObject({
      level: 'info',
      event: 'chat',
      provider: 'vllm',
      model: 'vllm:chat',
      outcome: 'done',
      ttftMs: expect.any(Number),
      durationMs: expect.any(Number),
      tokensIn: expect.any(Number),
      tokensOut: expect.any(Number),
      // Who asked, hashed: never the address the identity is keyed on.
      identity: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  const lines = logLines(app);
  expect(app.output()).not.toContain('address:127.0.0.1');
  expect(lines.some((l) => l.outcome === 'rejected' && l.errorCode === 'model_not_found')).toBe(
    true,
  );
  expect(lines.some((l) => l.level === 'warn' && l.errorCode === 'upstream_http_error')).toBe(true);
  expect(app.output()).not.toContain(E2E_KEYS.vllm);
  expect(app.output()).not.toContain(TOKEN);
});
