import { expect, test, type Page } from '@playwright/test';
import {
  backendRequests,
  lastAnswer,
  nonce,
  openApp,
  pickModel,
  reloadApp,
  send,
  storedEntries,
} from './helpers';

// Several page loads and streams per test: allow for a loaded CI machine.
test.describe.configure({ timeout: 60_000 });

async function startSlowAnswer(page: Page, marker: string) {
  await openApp(page);
  await pickModel(page, 'vllm:slow');
  await send(page, `Tell me slowly ${marker}`);
  const answer = lastAnswer(page);
  await expect(answer.locator('.markdown')).toContainText('Streaming lets the reader');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  return answer;
}

async function expectBackendSawClose(marker: string) {
  await expect
    .poll(async () => (await backendRequests('slow', marker))[0]?.outcome, { timeout: 5_000 })
    .toBe('client_closed');
}

test('Stop aborts the request: partial answer kept as stopped, backend sees the disconnect', async ({
  page,
}) => {
  const marker = nonce();
  await startSlowAnswer(page, marker);
  // The first answer by position: `lastAnswer` moves on to the follow-up below.
  const answer = page.getByRole('log').locator('article[data-role="assistant"]').first();
  await page.getByRole('button', { name: 'Stop' }).click();

  await expect(answer).toHaveAttribute('data-status', 'stopped');
  // The server measured how fast the backend was let go, and the end state says it.
  await expect(answer).toContainText(/Stopped · backend released in \d+ ms/);
  const kept = await answer.locator('.markdown').textContent();
  expect(kept?.length).toBeGreaterThan(10);
  await expectBackendSawClose(marker);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Response stopped');
  // Nothing more arrives after the stop: by the time a later answer has streamed text onto the
  // page, an event of the stopped one still on its way would have been shown too.
  await send(page, `And once more ${marker}`);
  const followUp = lastAnswer(page);
  await expect(followUp.locator('.markdown')).toContainText('Streaming lets the reader');
  await expect(answer.locator('.markdown')).toHaveText(kept!);
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(followUp).toHaveAttribute('data-status', 'stopped');
});

test('Esc stops too', async ({ page }) => {
  const marker = nonce();
  const answer = await startSlowAnswer(page, marker);
  await page.keyboard.press('Escape');
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expectBackendSawClose(marker);
});

test('deleting a conversation while it streams stops the request, and it stays deleted', async ({
  page,
}) => {
  const marker = nonce();
  await startSlowAnswer(page, marker);
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  const title = `Tell me slowly ${marker}`;
  await nav.getByRole('link', { name: title }).hover();
  await nav.getByRole('button', { name: `Options for “${title}”` }).click();
  await nav.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
  await expectBackendSawClose(marker);
  // Nothing that settles after the abort (the run's end, a throttled save) writes it back. The
  // signal that it has all settled: a new answer's own throttled save, scheduled after the delete
  // with the same interval, is on disk — any save of the deleted one would have run before it.
  const later = nonce();
  await send(page, `Tell me slowly ${later}`);
  await expect(lastAnswer(page).locator('.markdown')).toContainText('Streaming lets the reader');
  await expect
    .poll(async () => JSON.stringify(await storedEntries(page)))
    .toMatch(new RegExp(`${later}.*Streaming lets the reader`));
  expect(JSON.stringify(await storedEntries(page))).not.toContain(marker);
  await page.getByRole('button', { name: 'Stop' }).click();
  await reloadApp(page);
  await expect(nav.getByRole('link', { name: new RegExp(later) })).toHaveCount(1);
  await expect(nav.getByRole('link', { name: new RegExp(marker) })).toHaveCount(0);
  await expect(page.getByRole('log')).not.toContainText(marker);
});
