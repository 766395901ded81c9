import { expect, test } from '@playwright/test';
import { ADA_CODE, BOB_CODE } from '../../testing/stack/conversations-stack';
import { lastAnswer, nonce, pickModel, send } from '../ui/helpers';
import { openSidebar } from '../ui/sidebar-helpers';
import { counted, projectApp, signedInContext, signIn } from './helpers';

test.describe.configure({ timeout: 120_000 });

test('a chat started in one browser shows in the other, its answer whole after the first closed mid-answer', async ({
  browser,
}) => {
  const app = projectApp();
  const second = await signedInContext(browser, app, ADA_CODE);
  const first = await signedInContext(browser, app, ADA_CODE);
  const marker = nonce();
  await pickModel(first.page, 'vllm:counting-long');
  await send(first.page, `Count for the other device ${marker}`);
  await expect(lastAnswer(first.page).locator('.markdown')).toContainText('w1 w2');

  // The other browser, open all along, lists it within 5 s.
  const sidebar = await openSidebar(second.page);
  const entry = sidebar.getByRole('link', { name: new RegExp(marker) });
  await expect(entry).toBeVisible({ timeout: 5_000 });

  // The first browser goes away mid-answer; the server finishes the answer and stores it.
  expect(await lastAnswer(first.page).getAttribute('data-status')).toBe('streaming');
  await first.context.close();
  await entry.click();
  const answer = lastAnswer(second.page);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  expect(((await answer.locator('.markdown').textContent()) ?? '').trim()).toBe(counted(1000));
  await second.context.close();
});

test('two users on one browser: each sees only their chats, and sign-out clears the local copy', async ({
  browser,
}) => {
  const app = projectApp();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, app, ADA_CODE);
  const marker = nonce();
  await send(page, `Ada's secret ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const localText = () =>
    page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name ?? '');
      let text = '';
      for (const name of names.filter((n) => n.startsWith('runnel'))) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        if (db.objectStoreNames.contains('kv')) {
          const all = await new Promise<unknown[]>((resolve) => {
            const req = db.transaction('kv').objectStore('kv').getAll();
            req.onsuccess = () => resolve(req.result);
          });
          text += JSON.stringify(all);
        }
        db.close();
      }
      return text;
    });
  expect(await localText()).toContain(marker);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, app, BOB_CODE);
  const sidebar = await openSidebar(page);
  await expect(sidebar.getByRole('link', { name: new RegExp(marker) })).toHaveCount(0);
  await expect.poll(localText).not.toContain(marker);
  await context.close();
});
