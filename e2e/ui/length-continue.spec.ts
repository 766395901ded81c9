import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

const PARTIAL = 'Once upon a time, in a land far away';

test('an answer cut at the token limit offers Continue, which extends the same message', async ({
  page,
}) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:length');
  await send(page, `Tell a story ${marker}`);

  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'length');
  await expect(answer.locator('.markdown')).toHaveText(PARTIAL);
  await expect(answer).toContainText('Stopped at the token limit.');

  await answer.getByRole('button', { name: 'Continue' }).click();
  // The scenario answers the same ten tokens again, appended to the partial answer.
  await expect(answer.locator('.markdown')).toHaveText(
    `${PARTIAL}Once upon a time, in a land far away`,
  );
  await expect(answer).toHaveAttribute('data-status', 'length');
  await expect(page.getByRole('log').locator('article[data-role="assistant"]')).toHaveCount(1);

  const requests = await backendRequests('length', marker);
  expect(requests).toHaveLength(2);
  const body = requests[1]!.body;
  expect(body.continue_final_message).toBe(true);
  expect(body.add_generation_prompt).toBe(false);
  expect(body.messages?.at(-1)).toEqual({ role: 'assistant', content: PARTIAL });
  // Usage adds up over both runs.
  await expect(answer.getByTestId('usage')).toContainText('Completion 20');
});
