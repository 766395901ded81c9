import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, send } from '../ui/helpers';
import { setMaxTokens } from './settings';

test.describe.configure({ timeout: 120_000 });

test('an answer cut at max tokens ends "length"; Continue goes on from its last word as one straight answer would', async ({
  page,
}) => {
  const question = `(${nonce()}) Explain how rain forms, step by step, in detail.`;
  await openApp(page);
  await setMaxTokens(page, 24);
  await send(page, question);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'length', { timeout: 60_000 });
  await expect(answer).toContainText('Stopped at the token limit.');
  await expect(answer.getByTestId('usage')).toHaveAttribute('data-completion-tokens', '24');
  const cut = await answer.locator('.markdown').innerText();

  // llama.cpp continues an assistant message that ends the conversation in place.
  await answer.getByRole('button', { name: 'Continue' }).click();
  await expect(answer.getByTestId('usage')).toHaveAttribute('data-completion-tokens', '48', {
    timeout: 60_000,
  });
  await expect(answer).not.toHaveAttribute('data-status', 'streaming');
  const joined = await answer.locator('.markdown').innerText();
  expect(joined.length).toBeGreaterThan(cut.length);

  // The same question answered straight through with twice the tokens: the same text, no seam.
  await openApp(page);
  await setMaxTokens(page, 48);
  await send(page, question);
  const straight = lastAnswer(page);
  await expect(straight).toHaveAttribute('data-status', 'length', { timeout: 60_000 });
  expect(joined).toBe(await straight.locator('.markdown').innerText());
});
