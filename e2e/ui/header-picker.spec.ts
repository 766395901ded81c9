import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { openSidebar } from './sidebar-helpers';

test('the picker: provider beside a shared name, groups in normal case, focus back to the box', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  // Several providers serve a model called "chat": the button says whose this is.
  const picker = page.getByRole('combobox', { name: /^Model: / });
  await expect(picker).toHaveAccessibleName(/\(vllm\)$/);
  await expect(page.getByTestId('model-provider')).toHaveText('vllm');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  await picker.click();
  const group = page.getByRole('listbox').getByRole('group').first();
  const heading = group.locator('li[aria-hidden="true"]').first();
  expect(await heading.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
  await page.keyboard.press('Escape');
});

test('the chat view has a heading; the export menu is a menu; every chat exports and imports back', async ({
  page,
  browser,
}) => {
  await openApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What can I help with?');
  await pickModel(page, 'vllm:chat');
  const first = `First ${nonce()}`;
  await send(page, first);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
  await page.getByRole('button', { name: 'New chat' }).click();
  const second = `Second ${nonce()}`;
  await send(page, second);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

  const button = page.getByRole('button', { name: 'Export conversation' });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.click();
  const menu = page.getByRole('menu', { name: 'Export conversation' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Export as Markdown',
    'Export as JSON',
    'Export all chats as Markdown',
    'Export all chats as JSON',
  ]);
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Export as JSON' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  const download = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'Export all chats as JSON' }).click();
  const path = (await (await download).path())!;
  const file = JSON.parse(await readFile(path, 'utf8')) as {
    format: string;
    conversations: { title: string }[];
  };
  expect(file.format).toBe('runnel.conversations');
  expect(file.conversations.map((c) => c.title)).toEqual([second, first]);

  // The whole file imports into another browser (a new profile with no chats): both come back,
  // the most recent opened.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await openApp(other);
  const nav = await openSidebar(other);
  await nav.getByLabel('Conversation file to import').setInputFiles(path);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(second);
  await expect(nav.getByRole('link', { name: first })).toBeVisible();
  await expect(nav.getByRole('link', { name: second })).toBeVisible();
  await nav.getByRole('link', { name: first }).click();
  await expect(other.getByRole('log')).toContainText(first);
  await elsewhere.close();
});

test('on a phone the header has New chat; a deleted chat can be brought back', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const title = `Keep me ${nonce()}`;
  await send(page, title);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.locator('main > header').getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What can I help with?');
  await expect(page.getByRole('log')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  const nav = await openSidebar(page);
  await nav.getByRole('button', { name: `Options for “${title}”` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(nav.getByRole('link', { name: title })).toHaveCount(0);
  const undo = nav.getByRole('status').filter({ hasText: `Deleted “${title}”.` });
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(nav.getByRole('link', { name: title })).toBeVisible();
  await expect(undo).toHaveCount(0);
});
