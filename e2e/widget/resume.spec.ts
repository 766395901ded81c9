import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openHost, openWidget, send } from './helpers';

/** The widget's answers are resumable like the chat page's: a reload of the host page reattaches. */
test('reloading the host page mid-answer: the widget reattaches and ends with the whole text', async ({
  page,
}) => {
  await openHost(page, { 'data-model': 'vllm:counting' });
  const frame = await openWidget(page);
  const marker = nonce();
  await send(frame, `Count in the widget ${marker}`);
  await expect(lastAnswer(frame).locator('.markdown')).toContainText('w1 w2');

  await page.reload();
  const again = await openWidget(page);
  const answer = lastAnswer(again);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  const text = ((await answer.locator('.markdown').textContent()) ?? '').trim();
  expect(text).toBe(Array.from({ length: 200 }, (_, i) => `w${i + 1}`).join(' '));
  expect(await backendRequests('counting', marker)).toHaveLength(1);
});
