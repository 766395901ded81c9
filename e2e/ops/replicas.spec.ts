import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { HealthResponse } from '../../lib/protocol/api-shapes';
import type { RunnelEvent } from '../../lib/protocol/events';
import { startScenarioBackend, type ScenarioBackend } from '../../testing/scenario-backend/server';
import { APP_ENV } from '../../testing/stack/app-env';
import { freePort } from '../../testing/stack/free-port';
import { startStandalone, type StandaloneApp } from '../../testing/stack/standalone';
import { chatBody, contentText, nonce, postChat, readAllEvents } from '../support/chat-client';

/**
 * One provider with four addresses: nothing listening, a server answering 503, and two scenario
 * backends (r1, r2) — one of which is killed while chats wait for their first token on it.
 */
let app: StandaloneApp;
let r1: ScenarioBackend;
let r2: ScenarioBackend;
let unavailable: Server;
let refusedURL = '';
let unavailableURL = '';
/** When chats reached the 503 replica. */
const unavailableHits: number[] = [];

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  [r1, r2] = await Promise.all([startScenarioBackend(), startScenarioBackend()]);
  unavailable = createServer((req, res) => {
    if (req.method === 'POST') unavailableHits.push(Date.now());
    req.resume();
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"loading the model"}}');
  });
  await new Promise<void>((r) => unavailable.listen(0, '127.0.0.1', r));
  unavailableURL = `http://127.0.0.1:${(unavailable.address() as AddressInfo).port}/v1`;
  refusedURL = `http://127.0.0.1:${await freePort()}/v1`;
  mkdirSync('.runnel', { recursive: true });
  const file = resolve(`.runnel/providers-replicas-${process.pid}.json`);
  const provider = {
    id: 'vllm',
    label: 'vLLM replicas',
    baseURLs: [refusedURL, unavailableURL, `${r1.url}/v1`, `${r2.url}/v1`],
    apiKeyEnv: 'E2E_VLLM_KEY',
    preset: 'vllm',
  };
  writeFileSync(file, JSON.stringify([provider]));
  app = await startStandalone({ ...APP_ENV, PROVIDERS_FILE: file, DEFAULT_MODEL: 'vllm:chat' });
});

test.afterAll(async () => {
  app?.kill();
  unavailable?.closeAllConnections();
  unavailable?.close();
  await Promise.allSettled([r1?.close(), r2?.close()]);
});

async function recorded(backend: ScenarioBackend, model: string): Promise<{ body: unknown }[]> {
  const res = await fetch(`${backend.url}/__control/requests?model=${model}`);
  return ((await res.json()) as { requests: { body: unknown }[] }).requests;
}

async function health(): Promise<HealthResponse> {
  return (await (await fetch(`${app.url}/api/health`)).json()) as HealthResponse;
}

test('a refused connection and a 503 are skipped with no visible error; health shows each replica', async () => {
  // Until both failing replicas were tried (the pool rotates among equally idle ones).
  for (let i = 0; i < 8 && unavailableHits.length === 0; i++) {
    const list = await readAllEvents(
      await postChat(chatBody('vllm:chat', nonce()), { baseURL: app.url }),
    );
    expect(list.map((e) => e.type)).not.toContain('error');
    expect(list.at(-1)?.type).toBe('done');
  }
  expect(unavailableHits.length).toBeGreaterThan(0);
  const { providers } = await health();
  const replicas = providers?.[0]?.replicas ?? [];
  expect(replicas.map((r) => r.baseURL)).toEqual([
    refusedURL,
    unavailableURL,
    `${r1.url}/v1`,
    `${r2.url}/v1`,
  ]);
  expect(replicas[0]).toMatchObject({ reachable: false });
  expect(replicas[1]).toMatchObject({ reachable: true, status: 503 });
  expect(replicas[2]).toMatchObject({ reachable: true, status: 200, active_streams: 0 });
  expect(replicas[3]).toMatchObject({ reachable: true, status: 200, active_streams: 0 });
  // Just failed: ejected for its cool-down.
  expect(replicas[1]?.retry_in_ms).toBeGreaterThan(0);
  expect(providers?.[0]?.reachable).toBe(true);
});

test('a replica killed mid-test costs no chat that had not started its answer', async () => {
  // Two answers under way, then six chats waiting 1.2 s for their first token.
  const stop = new AbortController();
  const slow = await Promise.all(
    [0, 1].map(() =>
      postChat(chatBody('vllm:slow', nonce()), { baseURL: app.url, signal: stop.signal }),
    ),
  );
  const slowEvents = slow.map((r) => readAllEvents(r).catch(() => [] as RunnelEvent[]));
  const waiting = [0, 1, 2, 3, 4, 5].map(() =>
    postChat(chatBody('vllm:long-prefill', nonce()), { baseURL: app.url }).then(readAllEvents),
  );
  await expect
    .poll(
      async () =>
        (await recorded(r1, 'long-prefill')).length + (await recorded(r2, 'long-prefill')).length,
    )
    .toBe(6);
  const onR1 = (await recorded(r1, 'long-prefill')).length;
  const slowOnR1 = (await recorded(r1, 'slow')).length;
  expect(onR1).toBeGreaterThan(0);
  expect(slowOnR1).toBe(1);

  await r1.close();

  // Every chat that was waiting for its first token completes on r2, unseen.
  for (const list of await Promise.all(waiting)) {
    expect(list.map((e) => e.type)).not.toContain('error');
    expect(contentText(list)).toBe('Done thinking about that long prompt.');
  }
  expect((await recorded(r2, 'long-prefill')).length).toBe(6);

  // The answer that had started on r1 ends incomplete, its text kept; r2's goes on (stopped here).
  const settled = await Promise.race(slowEvents.map((p, i) => p.then((list) => ({ list, i }))));
  const last = settled.list.at(-1);
  expect(last?.type === 'error' && last.error.code).toBe('incomplete_stream');
  expect(contentText(settled.list).length).toBeGreaterThan(0);
  stop.abort();

  // Backend probes are shared for a couple of seconds: the killed replica shows by the next round.
  await expect
    .poll(async () => (await health()).providers?.[0]?.replicas?.[2], { timeout: 10_000 })
    .toMatchObject({ reachable: false, retry_in_ms: expect.any(Number) });
});
