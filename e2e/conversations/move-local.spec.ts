import { rmSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { APP_ENV } from '../../testing/stack/app-env';
import { ADA_CODE, BOB_CODE, type ConversationsApp } from '../../testing/stack/conversations-stack';
import { freePort } from '../../testing/stack/free-port';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { lastAnswer, nonce, send, storedEntries, waitForStored } from '../ui/helpers';
import { openSidebar } from '../ui/sidebar-helpers';
import { projectApp, signedInContext, signIn } from './helpers';

/**
 * Chats made on this browser while the Runnel it talks to had no sign-in (open mode: kept in the
 * browser only), then a sign-in method was configured. Signing in offers to move them into the
 * account. One origin throughout: an open instance on a port, then a signed-in one (the project's
 * database) on the same port, as when a team adds sign-in to the Runnel it already used.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const OFFER = 'Chats on this browser';

let port = 0;
let instance: Instance | null = null;
/** The signed-in instance, as the specs' helpers take it. */
let at: ConversationsApp;
const browsers: { context: BrowserContext; page: Page; markers: string[] }[] = [];

function signedInEnv(app: ConversationsApp, url: string): Record<string, string> {
  const env = { ...app.env, PUBLIC_URL: url };
  return app.database === 'sqlite'
    ? { ...env, DATA_DIR: `.runnel/e2e-conversations-move-${port}` }
    : env;
}

test.beforeAll(async ({ browser }) => {
  // Two instances started one after the other, and chats on the first: more than a hook's 30 s on
  // a busy machine.
  test.setTimeout(180_000);
  const app = projectApp();
  port = await freePort();
  // Open mode: no sign-in method, the chats stay in this browser.
  instance = await startInstance({ ...APP_ENV, SHUTDOWN_GRACE_MS: '0' }, port);
  const url = instance.url;
  for (const count of [2, 1]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 30_000 });
    const markers: string[] = [];
    for (let i = 0; i < count; i++) {
      const marker = nonce();
      markers.push(marker);
      if (i > 0) await page.getByRole('button', { name: 'New chat' }).first().click();
      await send(page, `Before sign-in ${marker}`);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      await waitForStored(page, marker);
    }
    browsers.push({ context, page, markers });
  }
  await instance.stop();
  // The same origin, now with sign-in and conversations on the server.
  const dir = signedInEnv(app, url).DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  instance = await startInstance(signedInEnv(app, url), port);
  at = { ...app, url, port, env: signedInEnv(app, url) };
});

test.afterAll(async () => {
  test.setTimeout(90_000);
  await Promise.all(browsers.map((b) => b.context.close()));
  await instance?.stop();
  instance = null;
});

test('accepting moves the chats into the account: another browser signed in as the same user has them', async ({
  browser,
}) => {
  const { page, markers } = browsers[0]!;
  await signIn(page, at, ADA_CODE);
  const offer = page.getByRole('region', { name: OFFER });
  await expect(offer).toContainText('2 chats on this browser are not in your account.');
  const imported = page.waitForRequest(
    (r) => r.url().endsWith('/api/conversations/import') && r.method() === 'POST',
  );
  await offer.getByRole('button', { name: 'Move to my account' }).click();
  expect((await imported).postData()).toContain(markers[0]!);
  await expect(offer).toBeHidden();
  // Moved out of the browser's unowned copy, into this user's.
  await expect
    .poll(async () => JSON.stringify(await storedEntries(page)))
    .not.toContain(markers[0]!);
  const mine = await openSidebar(page);
  for (const marker of markers)
    await expect(mine.getByRole('link', { name: new RegExp(marker) })).toBeVisible();

  const other = await signedInContext(browser, at, ADA_CODE);
  const sidebar = await openSidebar(other.page);
  for (const marker of markers)
    await expect(sidebar.getByRole('link', { name: new RegExp(marker) })).toBeVisible({
      timeout: 5_000,
    });
  await sidebar.getByRole('link', { name: new RegExp(markers[0]!) }).click();
  await expect(lastAnswer(other.page)).toHaveAttribute('data-status', 'complete');
  await expect(other.page.getByRole('log')).toContainText(`Before sign-in ${markers[0]}`);
  // Nothing left to offer: the next visit does not ask again.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: OFFER })).toHaveCount(0);
  await other.context.close();
});

test('declining leaves the chats in this browser and out of the account', async ({ browser }) => {
  const { context, page, markers } = browsers[1]!;
  const marker = markers[0]!;
  await signIn(page, at, BOB_CODE);
  const offer = page.getByRole('region', { name: OFFER });
  await expect(offer).toContainText('1 chat on this browser is not in your account.');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toBeHidden();

  // Another browser of the same user, once its first sync has run, does not have it.
  const other = await signedInContext(browser, at, BOB_CODE);
  const synced = other.page.waitForResponse((r) => r.url().includes('/api/conversations?since='));
  expect((await synced).ok()).toBe(true);
  const listed = await other.page.evaluate(
    async (q) => (await fetch(`/api/conversations?q=${q}`)).json(),
    marker,
  );
  expect(listed).toEqual({ conversations: [] });
  const sidebar = await openSidebar(other.page);
  await expect(sidebar.getByRole('link', { name: new RegExp(marker) })).toHaveCount(0);
  await other.context.close();

  // Still in this browser, and offered again in a new tab (a new visit) after all.
  expect(JSON.stringify(await storedEntries(page))).toContain(marker);
  const again = await context.newPage();
  await again.goto(at.url);
  await expect(again.getByRole('region', { name: OFFER })).toContainText(
    '1 chat on this browser is not in your account.',
  );
});
