import { expect, test } from '@playwright/test';
import { ADA_CODE } from '../../testing/stack/conversations-stack';
import { lastAnswer, nonce, send, storedEntries } from '../ui/helpers';
import { openSidebar } from '../ui/sidebar-helpers';
import { projectApp, signedInContext } from './helpers';

test.describe.configure({ timeout: 120_000 });

test('the sidebar search finds, on the server, a conversation this browser does not hold yet', async ({
  browser,
}) => {
  const app = projectApp();
  const a = await signedInContext(browser, app, ADA_CODE);
  // A's sync is held back, as a device still catching up would be: what B makes can reach A only
  // through the search.
  await a.page.route(/\/api\/conversations\?since=/, (route) => route.abort());
  const b = await signedInContext(browser, app, ADA_CODE);
  const marker = nonce();
  await send(b.page, `Made on the other device ${marker}`);
  await expect(lastAnswer(b.page)).toHaveAttribute('data-status', 'complete');

  const sidebar = await openSidebar(a.page);
  const searches: string[] = [];
  a.page.on('request', (r) => {
    if (r.url().includes('/api/conversations?q='))
      searches.push(new URL(r.url()).searchParams.get('q')!);
  });
  await sidebar.getByRole('searchbox', { name: 'Search chats' }).fill(marker);
  // Nothing here matches; the server's match is listed under the local results.
  await expect(
    sidebar.getByRole('region', { name: 'Search results' }).getByRole('status'),
  ).toHaveText('No conversation matches.');
  const results = sidebar.getByRole('region', { name: 'Found in your account' });
  const hit = results.getByRole('link', { name: new RegExp(marker) });
  await expect(hit).toBeVisible();
  await expect(results.getByRole('status')).toHaveText('Found in your account: 1');
  expect(searches).toEqual([marker]);
  // Not in this browser's copy: the server found it.
  const databases = await a.page.evaluate(async () =>
    (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('runnel')),
  );
  expect(databases.length).toBeGreaterThan(0);
  for (const name of databases)
    expect(JSON.stringify(await storedEntries(a.page, name))).not.toContain(marker);

  await hit.click();
  await expect(a.page.getByRole('log')).toContainText(`Made on the other device ${marker}`);
  await expect(lastAnswer(a.page)).toHaveAttribute('data-status', 'complete');
  await a.context.close();
  await b.context.close();
});
