/**
 * A link per conversation: `/c/<id>` survives a reload, Back/Forward and "open in new tab"; `/`
 * starts a new chat; an id this browser does not have says so, with a way to a new chat. At
 * 1280 px in light and 360 px in dark.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  lastAnswer,
  nonce,
  openApp,
  pickModel,
  reloadApp,
  send,
  waitReady,
  VIEWS,
} from './helpers';
import { openSidebar } from './sidebar-helpers';

test.describe.configure({ timeout: 90_000 });

const CONVERSATION_PATH = /\/c\/[0-9a-f-]{36}$/;

/** Sends a first message from the new-chat screen and returns the conversation's address. */
async function newConversation(page: Page, text: string): Promise<string> {
  await send(page, text);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(page).toHaveURL(CONVERSATION_PATH);
  return new URL(page.url()).pathname;
}

for (const view of VIEWS) {
  test.describe(`${view.width} px, ${view.scheme}`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, colorScheme: view.scheme });

    test('each conversation has its address: reload, Back/Forward, new tab', async ({
      page,
      context,
    }) => {
      const marker = nonce();
      await openApp(page);
      await expect(page).toHaveURL(/\/$/);
      await pickModel(page, 'vllm:chat');
      const first = await newConversation(page, `Alpha ${marker}`);
      // A new chat from the sidebar is `/` again; its first message gives it an address.
      await (await openSidebar(page)).getByRole('button', { name: 'New chat' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
      const second = await newConversation(page, `Beta ${marker}`);
      expect(second).not.toBe(first);

      // The sidebar's entries are links to those addresses.
      const nav = await openSidebar(page);
      const alpha = nav.getByRole('link', { name: `Alpha ${marker}` });
      await expect(alpha).toHaveAttribute('href', first);
      await alpha.click();
      await expect(page).toHaveURL(new RegExp(`${first}$`));
      await expect(page.getByRole('log')).toContainText(`Alpha ${marker}`);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${second}$`));
      await expect(page.getByRole('log')).toContainText(`Beta ${marker}`);
      await page.goForward();
      await expect(page).toHaveURL(new RegExp(`${first}$`));
      await expect(page.getByRole('log')).toContainText(`Alpha ${marker}`);
      await expect(page).toHaveTitle(`Alpha ${marker} · Runnel`);

      await reloadApp(page);
      await expect(page).toHaveURL(new RegExp(`${first}$`));
      await expect(page.getByRole('log')).toContainText(`Alpha ${marker}`);

      // "Open in new tab" lands on the same conversation.
      const tab = await context.newPage();
      await tab.goto(second);
      await waitReady(tab);
      await expect(tab.getByRole('log')).toContainText(`Beta ${marker}`);
      // And `/` there is a new chat, not the last one opened.
      await tab.goto('/');
      await waitReady(tab);
      await expect(tab.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
      await tab.close();
    });

    test('an unknown address says the conversation is not on this device', async ({ page }) => {
      await page.goto('/c/00000000-0000-4000-8000-000000000000');
      await waitReady(page);
      await expect(
        page.getByRole('heading', { name: 'This conversation is not on this device' }),
      ).toBeVisible();
      await expect(page.getByRole('log')).toHaveCount(0);
      await page.getByRole('button', { name: 'Start a new chat' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
    });
  });
}

test('deleting the open conversation goes to a new chat, and Back does not return to it', async ({
  page,
}) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `Keep ${marker}`);
  await expect(page).toHaveURL(CONVERSATION_PATH);
  const kept = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'New chat' }).click();
  await send(page, `Remove ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: `Options for “Remove ${marker}”` }).click();
  await nav.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${kept}$`));
  await expect(page.getByRole('log')).toContainText(`Keep ${marker}`);
});

test('Back to the address the page was loaded on opens it again, though the app moved the address since', async ({
  page,
}) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const path = await newConversation(page, `Back home ${marker}`);
  // A fresh load on `/`, then a conversation opened in the app (the address written by the app,
  // a task later), then Back: the browser's address is `/` again, as when the page was loaded.
  await openApp(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What can I help with?');
  const nav = await openSidebar(page);
  await nav.getByRole('link', { name: `Back home ${marker}` }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('log')).toContainText(`Back home ${marker}`);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What can I help with?');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('log')).toContainText(`Back home ${marker}`);
});
