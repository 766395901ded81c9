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

  // The same question answered straight through with twice the tokens. Up to the cut both are one
  // computation (the same prompt, greedy), so they agree; after it, the continuation read the cut
  // back as a prompt, and where two tokens nearly tie, greedy decoding may then go either way. So
  // the joined answer must be the straight one up to the cut's last whole word (nothing lost,
  // changed or repeated at the seam) and go on from there, not start over.
  await openApp(page);
  await setMaxTokens(page, 48);
  await send(page, question);
  const straightAnswer = lastAnswer(page);
  await expect(straightAnswer).toHaveAttribute('data-status', 'length', { timeout: 60_000 });
  const straight = await straightAnswer.locator('.markdown').innerText();
  const seam = cut.trimEnd().search(/\S+$/);
  expect(seam, 'the cut has words before its last').toBeGreaterThan(0);
  expect(joined.slice(0, seam)).toBe(straight.slice(0, seam));
  const opening = cut.trim().split(/\s+/).slice(0, 4).join(' ');
  expect(joined.slice(seam), 'the continuation started the answer again').not.toContain(opening);
  expect(joined.trimEnd().length).toBeGreaterThan(cut.trimEnd().length + 10);
  if (joined !== straight)
    console.log('continued past a near-tie: not the straight answer word for word');
});
