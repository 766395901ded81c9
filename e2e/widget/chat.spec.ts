import { expect, test } from '@playwright/test';
import {
  backendRequests,
  chatIframe,
  expectEvent,
  lastAnswer,
  launcher,
  nonce,
  openHost,
  openWidget,
  send,
} from './helpers';

test('a host page on another origin gets a streamed answer with reasoning and usage', async ({
  page,
}) => {
  await openHost(page, {
    'data-model': 'vllm:reasoning',
    'data-title': 'Support',
    'data-greeting': 'Hello from the site!',
    'data-placeholder': 'Ask our assistant…',
    // Statistics are off for visitors by default; this test reads them.
    'data-show-details': '',
  });
  // The iframe is created on first open only.
  await expect(chatIframe(page)).toHaveCount(0);
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');

  const frame = await openWidget(page);
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(frame.getByRole('heading', { name: 'Support' })).toBeVisible();
  await expect(frame.getByText('Hello from the site!')).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(frame.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'Ask our assistant…',
  );

  const marker = nonce();
  await send(frame, `What is 6 × 7? ${marker}`);
  const answer = lastAnswer(frame);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer).toContainText('The answer is 42 — naïve but true.');
  await expect(
    answer.getByRole('button', { name: /Thought for (under 1|\d+) s · 8 reasoning tokens/ }),
  ).toBeVisible();
  const usage = answer.getByTestId('usage');
  await expect(usage).toHaveAttribute('data-usage-final', 'true');
  await expect(usage).toContainText(/Reasoning ?8/);
  await expect(usage).toContainText(/Completion \d+/);
  await expectEvent(page, 'answer', { outcome: 'complete' });
  // The locked model answered, through the app's own API.
  expect(await backendRequests('reasoning', marker)).toHaveLength(1);
});

test('Stop in the widget aborts the request all the way to the backend', async ({ page }) => {
  await openHost(page, { 'data-model': 'vllm:slow' });
  const frame = await openWidget(page);
  const marker = nonce();
  await send(frame, `Tell me slowly ${marker}`);
  const answer = lastAnswer(frame);
  await expect(answer.locator('.markdown')).toContainText('Streaming lets the reader');
  await frame.getByRole('button', { name: 'Stop' }).click();

  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect
    .poll(async () => (await backendRequests('slow', marker))[0]?.outcome, { timeout: 5_000 })
    .toBe('client_closed');
  await expectEvent(page, 'answer', { outcome: 'stopped' });
});

test('an answer that ends while the panel is closed shows as unread on the launcher', async ({
  page,
}) => {
  // Four seconds of prefill: time enough to close the panel before the answer ends, however busy.
  await openHost(page, { 'data-model': 'gpu:slow-start' });
  const frame = await openWidget(page);
  await send(frame, `Take your time ${nonce()}`);
  await expect(frame.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.evaluate(() => window.Runnel?.close());

  await expect(launcher(page)).toHaveAccessibleName('Open chat (1 unread)');
  await expectEvent(page, 'unread', 1);
  await launcher(page).click();
  await expect(launcher(page)).toHaveAccessibleName('Open chat');
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');
});
