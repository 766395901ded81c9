import { expect, test } from '@playwright/test';
import { APP_ENV } from '../../testing/stack/app-env';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

/**
 * An answer that can no longer be reattached (here: the grace period passed while the page was
 * away) ends `incomplete` as before, and Continue picks it up where it stopped. On an instance of
 * its own with a 1.5 s grace period.
 */
let app: Instance;

test.describe.configure({ timeout: 90_000 });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startInstance({
    ...APP_ENV,
    RESUME_GRACE_MS: '1500',
  });
});
test.afterAll(async () => app?.stop());

const full = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

test('away longer than the grace period: incomplete with its text, and Continue completes it', async ({
  page,
}) => {
  await openApp(page, app.url);
  await pickModel(page, 'vllm:counting-long');
  const marker = nonce();
  await send(page, `Count and leave ${marker}`);
  await expect(lastAnswer(page).locator('.markdown')).toContainText('w1 w2');
  // The conversation's own address: `/` would open a new chat.
  const conversationUrl = page.url();
  expect(conversationUrl).toMatch(/\/c\/[\w-]+$/);
  await page.goto('about:blank');
  // Nobody reads: after the grace period the server closes the backend's connection.
  await expect
    .poll(async () => (await backendRequests('counting-long', marker))[0]?.outcome, {
      timeout: 10_000,
    })
    .toBe('client_closed');

  await openApp(page, conversationUrl);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'incomplete');
  await expect(answer).toContainText('The answer was cut off');
  const kept = ((await answer.locator('.markdown').textContent()) ?? '').trim();
  // Everything generated until the server gave up, more than the page had seen when it left.
  expect(full(1000).startsWith(kept)).toBe(true);
  expect(kept.split(' ').length).toBeGreaterThan(2);

  await answer.getByRole('button', { name: 'Continue' }).click();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 40_000 });
  expect(((await answer.locator('.markdown').textContent()) ?? '').trim()).toBe(full(1000));
  const [, continued] = await backendRequests('counting-long', marker);
  expect(continued!.body.continue_final_message).toBe(true);
});
