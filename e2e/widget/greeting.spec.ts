import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openHost, openWidget, send } from './helpers';

test('the greeting stays the first message once the conversation starts', async ({ page }) => {
  await openHost(page, { 'data-greeting': 'Hi! Ask me about our products.' });
  const frame = await openWidget(page);
  await send(frame, `Hello ${nonce()}`);
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');

  const log = frame.getByRole('log');
  const first = log.getByRole('article').first();
  await expect(first).toHaveAccessibleName('Greeting');
  await expect(first).toContainText('Hi! Ask me about our products.');
  await expect(log.getByRole('article')).toHaveCount(3);
});
