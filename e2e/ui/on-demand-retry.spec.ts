import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, reloadApp, send, waitForStored } from './helpers';

/** Asks `question`, waits for its answer and for the conversation to be saved with it. */
async function answered(page: Page, question: string): Promise<void> {
  await send(page, question);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await waitForStored(page, question);
}

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

test('a save whose merge code cannot be fetched is made once it can: the answer is kept, storage stays', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const before = `Before the restart ${nonce()}`;
  await answered(page, before);
  // Reloaded, the page's first save of this conversation merges with the stored copy, and the
  // code to merge is loaded then: it cannot be, as while the server restarts.
  await reloadApp(page);
  await expect(page.getByTestId('message-scroller').getByText(before)).toBeVisible();
  await page.route('**/_next/static/chunks/**', (route) => route.abort('connectionrefused'));
  // Turbopack tries a chunk twice before its import fails: the route holds until it has.
  const failures = new Map<string, number>();
  const gaveUp = new Promise<void>((resolve) =>
    page.on('requestfailed', (r) => {
      const n = (failures.get(r.url()) ?? 0) + 1;
      failures.set(r.url(), n);
      if (r.url().includes('/_next/static/') && n === 2) resolve();
    }),
  );
  const during = `During the restart ${nonce()}`;
  await send(page, during);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await gaveUp;

  // The server is back: the save is made, into the browser's storage (not memory).
  await page.unrouteAll();
  await waitForStored(page, during);
  await reloadApp(page);
  await expect(page.getByTestId('message-scroller').getByText(during)).toBeVisible();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(page.getByRole('alert').filter({ hasText: 'kept in memory' })).toHaveCount(0);
});

test('conversations whose reader cannot be fetched when the page opens are read once it can', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const question = `Stored before the restart ${nonce()}`;
  await answered(page, question);
  // The page opens again while the chunk of the stored records' reader cannot be fetched (the
  // server restarting, or a redeploy under way); the rest of the page's code can.
  let refusing = true;
  let refused = 0;
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (refusing && body.includes('some of its messages are malformed')) {
      refused++;
      await route.abort('connectionrefused');
    } else await route.fulfill({ response, body });
  });
  await page.reload();
  // Turbopack tries a chunk twice before its import fails; a third request is the page trying
  // again after that. Meanwhile the page waits for its conversations, storage not given up.
  await expect.poll(() => refused).toBeGreaterThanOrEqual(3);
  await expect(page.getByText('Loading your conversations…')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'kept in memory' })).toHaveCount(0);
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });

  // The server is back: the conversation is read, and storage was never given up.
  refusing = false;
  await sidebar.getByRole('link', { name: question }).click();
  await expect(page.getByTestId('message-scroller').getByText(question)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'kept in memory' })).toHaveCount(0);
  const after = `After the restart ${nonce()}`;
  await answered(page, after);
  await reloadApp(page);
  await expect(page.getByTestId('message-scroller').getByText(question)).toBeVisible();
  await expect(page.getByTestId('message-scroller').getByText(after)).toBeVisible();
});
