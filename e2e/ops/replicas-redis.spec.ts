import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { HealthResponse } from '../../lib/protocol/api-shapes';
import { startScenarioBackend, type ScenarioBackend } from '../../testing/scenario-backend/server';
import { APP_ENV } from '../../testing/stack/app-env';
import { startRedisServer, type RedisServer } from '../../testing/stack/redis-server';
import { startStandalone, type StandaloneApp } from '../../testing/stack/standalone';
import { chatBody, nonce, postChat } from '../support/chat-client';

/** Two instances sharing one Redis and the same two replicas. */
let redis: RedisServer;
let r1: ScenarioBackend;
let r2: ScenarioBackend;
let a: StandaloneApp;
let b: StandaloneApp;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  [redis, r1, r2] = await Promise.all([
    startRedisServer(),
    startScenarioBackend(),
    startScenarioBackend(),
  ]);
  mkdirSync('.runnel', { recursive: true });
  const file = resolve(`.runnel/providers-replicas-redis-${process.pid}.json`);
  const provider = {
    id: 'vllm',
    label: 'vLLM replicas',
    baseURLs: [`${r1.url}/v1`, `${r2.url}/v1`],
    apiKeyEnv: 'E2E_VLLM_KEY',
    preset: 'vllm',
  };
  writeFileSync(file, JSON.stringify([provider]));
  const env = { ...APP_ENV, PROVIDERS_FILE: file, REDIS_URL: redis.url };
  [a, b] = await Promise.all([startStandalone(env), startStandalone(env)]);
});

test.afterAll(async () => {
  a?.kill();
  b?.kill();
  await Promise.allSettled([r1?.close(), r2?.close(), redis?.stop()]);
});

const activeOn = async (app: StandaloneApp) => {
  const health = (await (await fetch(`${app.url}/api/health`)).json()) as HealthResponse;
  return health.providers?.[0]?.replicas?.map((r) => r.active_streams);
};

test('every instance counts every instance’s streams, and sends new chats to the idler replica', async () => {
  const stop = new AbortController();
  // Three answers through instance A: one replica gets two, the other one.
  for (let i = 0; i < 3; i++) {
    const response = await postChat(chatBody('vllm:slow', nonce()), {
      baseURL: a.url,
      signal: stop.signal,
    });
    void response.body?.pipeTo(new WritableStream()).catch(() => undefined);
  }
  await expect.poll(() => activeOn(b)).toEqual(expect.arrayContaining([1, 2]));
  const counts = (await activeOn(b))!;
  const idler = counts[0]! < counts[1]! ? r1 : r2;
  const before = (await fetch(`${idler.url}/__control/requests?model=slow`).then((r) =>
    r.json(),
  )) as {
    requests: unknown[];
  };
  // Instance B has no stream of its own, yet sends its chat to the replica A left idler.
  const response = await postChat(chatBody('vllm:slow', nonce()), {
    baseURL: b.url,
    signal: stop.signal,
  });
  void response.body?.pipeTo(new WritableStream()).catch(() => undefined);
  await expect
    .poll(async () => {
      const after = (await fetch(`${idler.url}/__control/requests?model=slow`).then((r) =>
        r.json(),
      )) as { requests: unknown[] };
      return after.requests.length - before.requests.length;
    })
    .toBe(1);
  await expect.poll(() => activeOn(a)).toEqual([2, 2]);
  stop.abort();
  await expect.poll(() => activeOn(a), { timeout: 10_000 }).toEqual([0, 0]);
});
