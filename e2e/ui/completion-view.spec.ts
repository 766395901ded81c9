import { expect, test } from '@playwright/test';
import { nonce, openApp, pickModel, send } from './helpers';

test('a text-completion model continues the prompt as one running text, with how it ended', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'acs:completion');
  const prompt = `Once upon a time ${nonce()}`;
  await send(page, prompt);
  const view = page.getByRole('log').getByRole('article', { name: 'Completion' });
  // The scenario's completion model stops at its token limit.
  await expect(view).toHaveAttribute('data-status', 'length', { timeout: 20_000 });
  await expect(view).toContainText(prompt);
  await expect(view).toContainText('Stopped at the token limit.');
  await expect(view.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Copy text' })).toBeVisible();
});
