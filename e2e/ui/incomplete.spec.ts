import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('a stream cut without [DONE] is incomplete: partial text kept, Retry offered', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:no-done');
  await send(page, `Cut me ${nonce()}`);

  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'incomplete');
  await expect(answer.locator('.markdown')).toHaveText('Let me start with the');
  await expect(answer).toContainText('The answer was cut off');
  await expect(answer.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(page.getByRole('status')).toHaveText('Response cut off');
});
