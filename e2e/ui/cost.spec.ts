import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

// `priced:chat` in the test providers file: 400 USD per million prompt tokens, 1,600 per million
// completion tokens (high, so that the figures have digits to compare).
const PRICE = { input: 400, output: 1600, per: 1_000_000 };

/** The hand-computed cost of the last answer, from the token counts its footer carries. */
async function expectedCost(page: Page): Promise<number> {
  const usage = lastAnswer(page).getByTestId('usage');
  await expect(usage).toHaveAttribute('data-usage-final', 'true');
  const prompt = Number(await usage.getAttribute('data-prompt-tokens'));
  const completion = Number(await usage.getAttribute('data-completion-tokens'));
  expect(prompt).toBeGreaterThan(0);
  return (prompt * PRICE.input + completion * PRICE.output) / PRICE.per;
}

/** `amount` in US dollars as a German page writes it: "0,0277 $". */
function german(amount: number): string {
  return new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'USD',
    ...(amount < 1 ? { maximumSignificantDigits: 3 } : {}),
  }).format(amount);
}

test.use({ locale: 'de-DE' });

test("shows the answer's cost and the conversation's, in the page's locale", async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'priced:chat');
  await send(page, `What does this cost ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const first = await expectedCost(page);

  const usage = lastAnswer(page).getByTestId('usage');
  await usage.getByRole('button', { name: 'All figures' }).click();
  const figures = lastAnswer(page).getByRole('group', { name: 'Answer figures' });
  const cost = figures.locator('dt', { hasText: /^Cost$/ }).locator('+ dd');
  await expect(cost).toHaveText(german(first));
  // German: a decimal comma and the sign after the amount.
  await expect(cost).toHaveText(/^0,\d+\s\$$/);
  await page.keyboard.press('Escape');

  await send(page, `And this one ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const second = await expectedCost(page);
  await expect(page.getByTestId('conversation-cost')).toHaveText(`· ${german(first + second)}`);
});

test('shows no cost for a model without prices', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `Free ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await lastAnswer(page).getByTestId('usage').getByRole('button', { name: 'All figures' }).click();
  const figures = lastAnswer(page).getByRole('group', { name: 'Answer figures' });
  await expect(figures).toContainText('Completion');
  await expect(figures).not.toContainText('Cost');
  await expect(page.getByTestId('conversation-meter')).toContainText('tokens');
  await expect(page.getByTestId('conversation-cost')).toHaveCount(0);
});
