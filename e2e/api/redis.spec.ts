import { expect, test } from '@playwright/test';
import { chatBody, nonce } from '../support/chat-client';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { postAs, randomAddress, refusal } from '../../testing/stack/limits-client';
import {
  LIMITS,
  LIMITS_A_URL as A,
  LIMITS_B_URL as B,
  limitsEnv,
  writeLimitsProvidersFile,
} from '../../testing/stack/limits-stack';
import { startRedisServer, type RedisServer } from '../../testing/stack/redis-server';

const small = () => chatBody('vllm:chat', nonce(), { max_tokens: 20 });

interface Health {
  status: string;
  redis?: { reachable: boolean; latency_ms?: number };
}

async function health(url: string): Promise<{ health: Health; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${url}/api/health`);
  return { health: (await response.json()) as Health, ms: Date.now() - started };
}

test('both instances report the shared Redis as reachable', async () => {
  for (const url of [A, B]) {
    const { health: h } = await health(url);
    expect(h.status).toBe('ok');
    expect(h.redis?.reachable).toBe(true);
  }
});

test.describe('Redis stopped at run time', () => {
  // Its own redis-server and instance: stopping the shared one would disturb the other specs.
  let redis: RedisServer;
  let app: Instance;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    redis = await startRedisServer();
    app = await startInstance(limitsEnv(writeLimitsProvidersFile(), redis.url));
  });

  test.afterAll(async () => {
    await app?.stop();
    await redis?.stop();
  });

  test('answers keep coming (no hang, no 500), limits hold per instance, health says degraded, and it recovers', async () => {
    test.setTimeout(60_000);
    const address = randomAddress();
    expect((await postAs(app.url, { address }, small())).status).toBe(200);
    expect((await health(app.url)).health).toMatchObject({
      status: 'ok',
      redis: { reachable: true },
    });

    await redis.stop();

    const { health: degraded, ms } = await health(app.url);
    expect(degraded).toMatchObject({ status: 'degraded', redis: { reachable: false } });
    expect(ms).toBeLessThan(2000);
    // Requests go on, counted in this instance's memory from here on.
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.rpm + 1; i++) {
      const started = Date.now();
      const response = await postAs(app.url, { address }, small());
      statuses.push(response.status);
      if (response.status === 200) expect(await response.text()).toContain('"type":"done"');
      else expect(await refusal(response)).toMatchObject({ code: 'rate_limited' });
      expect(Date.now() - started).toBeLessThan(3000);
    }
    expect(statuses.slice(0, LIMITS.rpm)).toEqual(Array(LIMITS.rpm).fill(200));
    expect(statuses.at(-1)).toBe(429);

    // Redis back on the same port: the instance reconnects by itself.
    redis = await startRedisServer(redis.port);
    await expect
      .poll(async () => (await health(app.url)).health.status, { timeout: 10_000 })
      .toBe('ok');
    expect((await postAs(app.url, { address: randomAddress() }, small())).status).toBe(200);
  });
});
