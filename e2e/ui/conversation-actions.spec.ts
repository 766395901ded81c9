import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

// Several page loads and streams per test: allow for a loaded CI machine.
test.describe.configure({ timeout: 60_000 });

test('edit and re-send, regenerate, rename, export, delete', async ({ page }) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `Original ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

  // Edit the user message: a new version, answered anew (the original stays as version 1).
  await page.getByRole('article', { name: 'Your message' }).hover();
  await page.getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill(`Edited ${marker}`);
  await page.getByRole('button', { name: 'Save & send' }).click();
  const question = page.getByRole('article', { name: 'Your message' });
  await expect(question).toContainText(`Edited ${marker}`);
  await expect(question.getByTestId('version-position')).toHaveText('Version 2 / 2');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

  await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect.poll(async () => (await backendRequests('chat', marker)).length).toBe(3);
  const last = (await backendRequests('chat', marker)).at(-1)!;
  expect(last.body.messages).toEqual([{ role: 'user', content: `Edited ${marker}` }]);
  await expect(page.getByRole('log').locator('article')).toHaveCount(2);

  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: /^Options for/ }).click();
  await nav.getByRole('menuitem', { name: 'Rename' }).click();
  await nav.getByRole('textbox', { name: 'Conversation title' }).fill('Renamed chat');
  await nav.getByRole('textbox', { name: 'Conversation title' }).press('Enter');
  await expect(nav.getByRole('link', { name: 'Renamed chat', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Export conversation' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('renamed-chat.md');

  await nav.getByRole('button', { name: 'Options for “Renamed chat”' }).click();
  await nav.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(nav.getByRole('link', { name: 'Renamed chat', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
});
