import { expect, test } from '@playwright/test';
import { feedbackCounts } from '../support/metrics';
import { lastAnswer, nonce, openHost, openWidget, send } from './helpers';

test("the widget's thumbs are counted apart from the chat page's, per model", async ({ page }) => {
  const model = 'vllm:reasoning';
  const before = await feedbackCounts(model, 'widget');
  await openHost(page, { 'data-model': model });
  const frame = await openWidget(page);
  await send(frame, `Helpful? ${nonce()}`);
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');
  const down = lastAnswer(frame).getByRole('button', { name: 'Bad answer' });
  await down.click();
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => feedbackCounts(model, 'widget'))
    .toEqual({ ...before, down: before.down + 1 });
});
