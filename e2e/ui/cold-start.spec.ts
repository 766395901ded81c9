import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('a cold model shows the wait, its startup stages, then the continuation', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'acs:cold-start');
  const prompt = `Five reasons to learn Rust (${nonce()}):\n1.`;
  await send(page, prompt);

  const answer = lastAnswer(page);
  await expect(answer).toContainText(/Waiting for the model… [\d.]+ s/);
  await expect(answer.getByTestId('backend-status')).toHaveText(/cold start: (allocating GPU|loading weights)/);
  await expect(answer.getByTestId('backend-status')).toHaveText('cold start: loading weights (2/2)');
  // Text-completion view: prompt and continuation as one text, no chat bubble.
  await expect(answer).toContainText(' It’s fast.');
  await expect(answer).not.toHaveAttribute('data-status', 'streaming', { timeout: 15_000 });
  await expect(answer).toHaveAttribute('data-status', 'length');
  await expect(answer).toContainText('Five reasons to learn Rust');
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(0);
  await expect(answer.getByTestId('backend-status')).toHaveCount(0);
});
