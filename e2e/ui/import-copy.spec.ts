import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { openSidebar } from './sidebar-helpers';

test('importing a conversation that is already here adds a copy named as one', async ({ page }) => {
  const title = `Twice ${nonce()}`;
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, title);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

  await page.getByRole('button', { name: 'Export conversation' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
  const exported = await readFile((await (await download).path())!);

  const nav = await openSidebar(page);
  await nav.getByLabel('Conversation file to import').setInputFiles({
    name: 'twice.json',
    mimeType: 'application/json',
    buffer: exported,
  });
  await expect(nav.getByRole('link', { name: `${title} (copy)` })).toBeVisible();
  await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible();
});
