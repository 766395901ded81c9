import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, send } from '../ui/helpers';
import { engineMetrics } from './engine-probe';

test.describe.configure({ timeout: 90_000 });

test("an answer from the real engine streams in, and its counts are the engine's own", async ({
  page,
}) => {
  const marker = nonce();
  await openApp(page);
  await expect(page.getByRole('combobox', { name: /^Model: / })).toContainText(
    'SmolLM2 135M (local)',
  );
  const before = await engineMetrics();
  await send(page, `What is a river? Answer in two sentences. (${marker})`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  await expect(answer.locator('.markdown')).not.toBeEmpty();

  // What the engine counted for this answer (nothing else uses the engine meanwhile: the engine
  // project runs one test at a time): every prompt token, evaluated or taken from its cache.
  const after = await engineMetrics();
  const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  const prompt = delta('prompt_tokens_total') + delta('prompt_tokens_cached_total');
  const completion = delta('tokens_predicted_total');
  expect(completion).toBeGreaterThan(5);
  const usage = answer.getByTestId('usage');
  await expect(usage).toHaveAttribute('data-usage-final', 'true');
  await expect(usage).toHaveAttribute('data-prompt-tokens', String(prompt));
  await expect(usage).toHaveAttribute('data-completion-tokens', String(completion));
  await expect(usage).toContainText(`Completion ${completion}`);
});
