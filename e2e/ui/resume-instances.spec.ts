import { expect, test } from '@playwright/test';
import { APP_ENV } from '../../testing/stack/app-env';
import { startBalancer, type Balancer } from '../../testing/stack/balancer';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { startRedisServer, type RedisServer } from '../../testing/stack/redis-server';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

/**
 * Two instances sharing Redis behind a balancer. Mid-answer every connection through the balancer
 * drops and it sends what follows to the other instance (an instance restarting in a rolling
 * deploy while the old one finishes its work): the page reattaches there on its own.
 */
let redis: RedisServer;
let instances: Instance[] = [];
let balancer: Balancer;

test.describe.configure({ timeout: 90_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  redis = await startRedisServer();
  const env = { ...APP_ENV, REDIS_URL: redis.url };
  instances = await Promise.all([startInstance(env), startInstance(env)]);
  balancer = await startBalancer(instances.map((i) => i.url));
});
test.afterAll(async () => {
  await balancer?.close();
  await Promise.all(instances.map((i) => i.stop()));
  await redis?.stop();
});

test('connections cut and moved to another instance mid-answer: it continues and completes', async ({
  page,
}) => {
  await openApp(page, balancer.url);
  await pickModel(page, 'vllm:counting-long');
  const marker = nonce();
  await send(page, `Count across instances ${marker}`);
  const answer = lastAnswer(page);
  await expect(answer.locator('.markdown')).toContainText('w1 w2');
  balancer.use(1);
  balancer.dropAll();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 40_000 });
  const text = ((await answer.locator('.markdown').textContent()) ?? '').trim();
  expect(text).toBe(Array.from({ length: 1000 }, (_, i) => `w${i + 1}`).join(' '));
  await expect(answer.getByTestId('usage')).toContainText('Completion 1,000');
  // One generation, never asked again, and never cut.
  const requests = await backendRequests('counting-long', marker);
  expect(requests).toHaveLength(1);
  expect(requests[0]!.outcome).toBe('completed');
});
