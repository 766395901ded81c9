import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('a part whose code cannot be fetched (the server restarting) is fetched again later, and the page stays up', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  // From here every script chunk the page asks for fails, as while its server restarts.
  await page.route('**/_next/static/chunks/**', (route) => route.abort('connectionrefused'));
  const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/_next/static/'));
  await send(page, `Offline parts ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  // Parts come as the answer streams and ends (the conversation meter in idle time after it):
  // at least one chunk has failed by now, and the meter has not come.
  await failed;
  await expect(page.getByTestId('conversation-meter')).toHaveCount(0);
  await expect(answer).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable();

  // The server is back: the part comes, without a reload, and nothing was lost.
  await page.unrouteAll();
  await expect(page.getByTestId('conversation-meter')).toContainText('tokens');
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(page.getByRole('heading', { name: /couldn.t load/ })).toHaveCount(0);
});
