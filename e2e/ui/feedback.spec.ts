/**
 * Thumbs up and down on an answer: toggles kept with the conversation (after a reload too) and
 * counted per model in `/api/metrics`, a changed mind counted as withdrawn.
 */
import { expect, test } from '@playwright/test';
import { feedbackCounts } from '../support/metrics';
import { lastAnswer, nonce, openApp, pickModel, reloadApp, send } from './helpers';

test('a thumbs up is kept with the answer and counted for its model; changing it counts once', async ({
  page,
}) => {
  const model = 'vllm:numbered';
  const before = await feedbackCounts(model, 'chat');
  await openApp(page);
  await pickModel(page, model);
  await send(page, `Judge me ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  const up = answer.getByRole('button', { name: 'Good answer' });
  await expect(up).toHaveAttribute('aria-pressed', 'false');

  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => feedbackCounts(model, 'chat')).toEqual({ ...before, up: before.up + 1 });

  await reloadApp(page);
  await expect(lastAnswer(page).getByRole('button', { name: 'Good answer' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await lastAnswer(page).getByRole('button', { name: 'Bad answer' }).click();
  await expect(lastAnswer(page).getByRole('button', { name: 'Bad answer' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(lastAnswer(page).getByRole('button', { name: 'Good answer' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect
    .poll(() => feedbackCounts(model, 'chat'))
    .toEqual({ up: before.up + 1, down: before.down + 1, withdrawnUp: before.withdrawnUp + 1 });
});
