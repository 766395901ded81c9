import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, recordValues, recorded, send } from './helpers';

test('a cold model shows the wait, its startup stages, then the continuation', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'acs:cold-start');
  // Each stage is on screen for a moment: record what was shown rather than poll for each one.
  await recordValues(page, '[role="log"] [data-testid="backend-status"]');
  const prompt = `Five reasons to learn Rust (${nonce()}):\n1.`;
  await send(page, prompt);

  const answer = lastAnswer(page);
  await expect(answer).toContainText(/Waiting for the model… [\d.]+ s/);
  // Text-completion view: prompt and continuation as one text, no chat bubble.
  await expect(answer).toContainText(' It’s fast.');
  await expect(answer).not.toHaveAttribute('data-status', 'streaming', { timeout: 15_000 });
  await expect(answer).toHaveAttribute('data-status', 'length');
  // The stages were shown as they came, in order. Events that reach a stalled page together are
  // applied together (only the latest status shows), so a very busy machine may skip one.
  const stages = [
    'cold start: allocating GPU',
    'cold start: loading weights (1/2)',
    'cold start: loading weights (2/2)',
  ];
  const shown = await recorded(page);
  expect(shown.length).toBeGreaterThanOrEqual(2);
  expect(shown).toEqual(stages.filter((stage) => shown.includes(stage)));
  await expect(answer).toContainText('Five reasons to learn Rust');
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(0);
  await expect(answer.getByTestId('backend-status')).toHaveCount(0);
});
