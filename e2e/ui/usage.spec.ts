import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('usage counts run live while the answer streams', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'ark:slow');
  await send(page, `Count live ${nonce()}`);
  const answer = lastAnswer(page);
  const usage = answer.getByTestId('usage');
  await expect(usage).toHaveAttribute('data-usage-final', 'false');
  const count = async () => Number(await usage.getAttribute('data-completion-tokens'));
  await expect.poll(count).toBeGreaterThan(3);
  const first = await count();
  await expect.poll(count).toBeGreaterThan(first + 3);
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await expect(usage).toContainText(/Speed [\d.]+ tok\/s/);
  await expect(usage).toContainText(/TTFT (\d+ ms|[\d.]+ s)/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
});

test('final usage shows reasoning tokens, credits used and the credit balance', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'ark:reasoning');
  await send(page, `Credits please ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  const usage = answer.getByTestId('usage');
  await expect(usage).toHaveAttribute('data-usage-final', 'true');
  await expect(usage).toContainText(/Prompt ?\d+/);
  await expect(usage).toContainText('Completion 16');
  await expect(usage).toContainText(/Reasoning ?8/);
  await expect(usage).toContainText(/Speed [\d.]+ tok\/s/);
  await expect(usage).toContainText(/TTFT (\d+ ms|[\d.]+ s)/);
  await expect(usage).toContainText(/Credits used ?\d+/);
  await expect(usage).toContainText(/Balance ?4,99\d,\d{3}/);
});

test('an answer that never got usage shows no figures, not a line saying so', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:http-error');
  await send(page, `No usage ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'error');
  await expect(lastAnswer(page).getByTestId('usage')).toHaveCount(0);
  await expect(lastAnswer(page)).not.toContainText('Usage unknown');
});
