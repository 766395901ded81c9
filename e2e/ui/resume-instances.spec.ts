import { expect, test } from '@playwright/test';
import { startBalancer, type Balancer } from '../../testing/stack/balancer';
import { randomAddress } from '../../testing/stack/limits-client';
import { LIMITS_A_URL, LIMITS_B_URL } from '../../testing/stack/limits-stack';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

/**
 * The limits stack's two instances (sharing Redis) behind a balancer. Mid-answer every connection
 * through the balancer drops and it sends what follows to the other instance (an instance
 * restarting in a rolling deploy while the old one finishes its work): the page reattaches there
 * on its own. The balancer reports a made-up client address, so the stack's limits count this
 * browser apart from every other spec's.
 */
let balancer: Balancer;

test.describe.configure({ timeout: 90_000 });
test.beforeAll(async () => {
  balancer = await startBalancer([LIMITS_A_URL, LIMITS_B_URL], { forwardedFor: randomAddress() });
});
test.afterAll(async () => {
  await balancer?.close();
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
