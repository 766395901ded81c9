import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('an error mid-stream keeps the partial text, says why, and Retry asks again', async ({
  page,
}) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'ark:error-midstream');
  await send(page, `Go ${marker}`);

  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'error');
  await expect(answer.locator('.markdown')).toHaveText('Let me start with the');
  await expect(answer.getByRole('alert')).toContainText(
    'Inference worker failed while generating the response.',
  );
  await expect(page.getByRole('status')).toHaveText('Response failed');

  await answer.getByRole('button', { name: 'Retry' }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'error');
  await expect.poll(async () => (await backendRequests('error-midstream', marker)).length).toBe(2);
  // Retry replaced the failed answer rather than adding a second one.
  await expect(page.getByRole('log').locator('article[data-role="assistant"]')).toHaveCount(1);
});

test('vLLM reports the error in-band and still sends [DONE]: the answer is an error', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:error-then-done');
  await send(page, `Go ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'error');
  await expect(answer.locator('.markdown')).toHaveText('Let me start with the');
  await expect(answer.getByRole('alert')).toContainText('CUDA error');
});
