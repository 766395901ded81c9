import { expect, test } from '@playwright/test';
import {
  backendRequests,
  lastAnswer,
  nonce,
  openApp,
  pickModel,
  reloadApp,
  send,
  storedEntries,
  waitForStored,
} from './helpers';

// Several page loads and streams per test: allow for a loaded CI machine.
test.describe.configure({ timeout: 60_000 });

test('a reload keeps the conversation, its settings and the draft', async ({ page }) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `Remember me ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await page.getByRole('textbox', { name: 'Message' }).fill('unsent draft');
  await waitForStored(page, 'unsent draft', (key) => key === 'meta');

  await reloadApp(page);
  await expect(page.getByRole('log')).toContainText(`Remember me ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(lastAnswer(page)).toContainText(
    'Hello! Café crème brûlée and 東京 ramen — şarkı ğüzel ılık 🚀.',
  );
  await expect(
    page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: `Remember me ${marker}`, exact: true }),
  ).toBeVisible();
  // Several providers serve a model called "chat": the picker names this one's.
  await expect(page.getByRole('combobox', { name: /^Model: / })).toHaveAccessibleName(
    'Model: chat (vllm)',
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('unsent draft');
});

test('a draft typed the moment before a reload survives it', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `Draft test ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  // No wait: the throttled database save has not run yet, the page-hide stash has to keep it.
  await page.getByRole('textbox', { name: 'Message' }).fill('typed just before reloading');
  await reloadApp(page);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'typed just before reloading',
  );
  // And it reaches the database: a reload would bring it back from the stash alone, so read the
  // database itself — and the stash is dropped once the database has the newer copy.
  await expect
    .poll(async () => {
      const meta = (await storedEntries(page)).meta as
        { activeId: string | null; drafts: Record<string, string> } | undefined;
      return meta?.activeId ? meta.drafts[meta.activeId] : undefined;
    })
    .toBe('typed just before reloading');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('runnel:meta-stash')))
    .toBeNull();
});

test('reloading mid-stream reattaches: the answer goes on from where it was and completes', async ({
  page,
}) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:slow');
  await send(page, `Stream then reload ${marker}`);
  const answer = lastAnswer(page);
  await expect(answer.locator('.markdown')).toContainText('which matters most');
  const before = (await answer.locator('.markdown').textContent()) ?? '';

  await reloadApp(page);
  const after = lastAnswer(page);
  // The answer kept generating on the server; the page reattached and shows it growing.
  await expect(after).toHaveAttribute('data-status', 'streaming');
  await expect
    .poll(async () => ((await after.locator('.markdown').textContent()) ?? '').length)
    .toBeGreaterThan(before.length + 40);
  const grown = (await after.locator('.markdown').textContent()) ?? '';
  expect(grown.startsWith(before.slice(0, 40))).toBe(true);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(after).toHaveAttribute('data-status', 'stopped');
  // One request to the backend: reattaching never asked it again.
  expect(await backendRequests('slow', marker)).toHaveLength(1);
  await expect
    .poll(async () => (await backendRequests('slow', marker))[0]?.outcome)
    .toBe('client_closed');
});
