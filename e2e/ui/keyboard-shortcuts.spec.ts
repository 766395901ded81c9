import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('"?" opens "Keyboard shortcuts" listing every shortcut; Esc closes it', async ({ page }) => {
  await openApp(page);
  // In the message box "?" is a character, not a shortcut.
  await page.getByRole('textbox', { name: 'Message' }).press('?');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Message' }).fill('');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Shift+?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const action of [
    'New chat',
    'Focus the message box',
    'Search chats',
    'Copy the last answer',
    'Stop the answer',
  ])
    await expect(dialog.getByRole('term').filter({ hasText: action })).toBeVisible();
  await expect(dialog).toContainText('CtrlShiftO');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('shortcuts start a new chat, focus the message box and copy the last answer', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `Copy me ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');

  await page.keyboard.press('Control+Shift+C');
  await expect(page.getByText('Copied the last answer')).toBeVisible();
  const text = await answer.locator('.markdown').innerText();
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(text.trim());

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Shift+Escape');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  await page.keyboard.press('Control+Shift+O');
  await expect(page.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
});

test('Ctrl+K goes to "Search chats" (on a phone, opening the drawer first)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openApp(page);
  await page.keyboard.press('Control+k');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await expect(nav.getByRole('button', { name: 'New chat' })).toBeInViewport();
  const search = page.getByLabel('Search chats');
  if (await search.count()) await expect(search).toBeFocused();
});
