import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOB_CODE } from '../../testing/stack/conversations-stack';
import { lastAnswer, nonce, send } from '../ui/helpers';
import { openSidebar } from '../ui/sidebar-helpers';
import { api, conversationDoc, projectApp, sessionCookie, signedInContext } from './helpers';

/**
 * Edits made offline meet edits another device made meanwhile: when the connection returns, both
 * are kept and both browsers show the same conversation within 5 s. The rule for a title (and a
 * pin): the later edit wins, by when it was made, not by when it reached the server. Messages are
 * never chosen between: two turns after the same answer become two versions.
 */
test.describe.configure({ timeout: 120_000 });
// Bob's: the conversation ends pinned, and other specs open Ada's first conversation in the list.

const questions = (page: Page) =>
  page.getByRole('log').getByRole('article', { name: 'Your message' });

/** The conversation titled `title`, in the sidebar's Pinned group. */
const pinned = (sidebar: Locator, title: string) =>
  sidebar.getByRole('region', { name: 'Pinned' }).getByRole('link', { name: title, exact: true });

/** The options menu of the conversation whose title holds `marker`. */
async function openOptions(sidebar: Locator, marker: string): Promise<void> {
  await sidebar.getByRole('link', { name: new RegExp(marker) }).hover();
  await sidebar.getByRole('button', { name: new RegExp(`^Options for “[^”]*${marker}`) }).click();
}

async function rename(sidebar: Locator, marker: string, to: string): Promise<void> {
  await openOptions(sidebar, marker);
  await sidebar.getByRole('menuitem', { name: 'Rename' }).click();
  await sidebar.getByRole('textbox', { name: 'Conversation title' }).fill(to);
  await sidebar.getByRole('textbox', { name: 'Conversation title' }).press('Enter');
  await expect(sidebar.getByRole('link', { name: to, exact: true })).toBeVisible();
}

test('offline edits and another device’s edits to one conversation: both kept, both converge', async ({
  browser,
}) => {
  const app = projectApp();
  const a = await signedInContext(browser, app, BOB_CODE);
  const b = await signedInContext(browser, app, BOB_CODE);
  const marker = nonce();
  await send(a.page, `Offline edits ${marker}`);
  await expect(lastAnswer(a.page)).toHaveAttribute('data-status', 'complete');
  const bSidebar = await openSidebar(b.page);
  await bSidebar.getByRole('link', { name: new RegExp(marker) }).click();
  await expect(lastAnswer(b.page)).toHaveAttribute('data-status', 'complete');

  const aSidebar = await openSidebar(a.page);

  // A loses its connection and goes on editing: a title, a pin, a thumbs up, and a question whose
  // answer cannot be had offline.
  await a.context.setOffline(true);
  await rename(aSidebar, marker, `A's title ${marker}`);
  await openOptions(aSidebar, marker);
  await aSidebar.getByRole('menuitem', { name: 'Pin' }).click();
  await expect(pinned(aSidebar, `A's title ${marker}`)).toBeVisible();
  await lastAnswer(a.page).getByRole('button', { name: 'Good answer' }).click();
  await send(a.page, `Asked offline ${marker}`);
  await expect(lastAnswer(a.page)).not.toHaveAttribute('data-status', 'streaming');

  // Meanwhile B, online, renames it later than A did and asks a question of its own.
  await rename(bSidebar, marker, `B's title ${marker}`);
  await send(b.page, `Asked online ${marker}`);
  await expect(lastAnswer(b.page)).toHaveAttribute('data-status', 'complete');

  await a.context.setOffline(false);
  // Both converge within 5 s of A's return.
  const deadline = Date.now() + 5_000;
  const left = () => ({ timeout: Math.max(1, deadline - Date.now()) });
  for (const page of [a.page, b.page]) {
    const sidebar = await openSidebar(page);
    // The later rename (B's) wins on both; A's pin stays (B never changed it).
    await expect(pinned(sidebar, `B's title ${marker}`)).toBeVisible(left());
    // Both questions asked after the first answer are there, as two versions of the second turn.
    const second = questions(page).nth(1);
    await expect(second.getByTestId('version-position')).toHaveText(/Version \d \/ 2/, left());
    // A's thumbs up reached B too.
    await expect(
      page.getByRole('log').locator('article[data-role="assistant"]').first().getByRole('button', {
        name: 'Good answer',
      }),
    ).toHaveAttribute('aria-pressed', 'true', left());
  }
  // Each side can show the other's question.
  for (const [page, theirs] of [
    [a.page, `Asked online ${marker}`],
    [b.page, `Asked offline ${marker}`],
  ] as const) {
    const second = questions(page).nth(1);
    if (!((await second.textContent()) ?? '').includes(theirs)) {
      const previous = second.getByRole('button', { name: 'Previous version' });
      const next = second.getByRole('button', { name: 'Next version' });
      await ((await previous.isEnabled()) ? previous : next).click();
    }
    await expect(questions(page).nth(1)).toContainText(theirs);
  }
  await a.context.close();
  await b.context.close();
});

test('an edit made offline in a tab closed before the connection returned reaches the server through another tab', async ({
  browser,
}) => {
  const app = projectApp();
  const bob = await sessionCookie(app, BOB_CODE);
  const marker = nonce();
  const [x, y] = [`tabs-x-${marker}`, `tabs-y-${marker}`];
  for (const id of [x, y]) {
    const doc = conversationDoc(id, `Two tabs ${id}`);
    const answer = { ...doc.messages[1]!, content: 'Answered.', status: 'complete' };
    const put = await api(app, bob, `/api/conversations/${id}`, {
      method: 'PUT',
      body: { conversation: { ...doc, messages: [doc.messages[0], answer] } },
    });
    expect(put.status).toBe(200);
  }
  // Two tabs of one browser, both with both conversations.
  const { context, page: first } = await signedInContext(browser, app, BOB_CODE);
  const second = await context.newPage();
  await second.goto(app.url);
  const sidebars = [await openSidebar(first), await openSidebar(second)];
  for (const sidebar of sidebars)
    for (const id of [x, y])
      await expect(sidebar.getByRole('link', { name: `Two tabs ${id}` })).toBeVisible();

  // Offline, the second tab renames one, the first the other; the second tab is closed before
  // the connection comes back.
  await context.setOffline(true);
  await rename(sidebars[1]!, x, `Renamed in the closed tab ${marker}`);
  await rename(sidebars[0]!, y, `Renamed in the open tab ${marker}`);
  // Both changes wait to be sent, each under its tab's own marks: the first tab's mark did not
  // replace the second's.
  const marked = () =>
    first.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('runnel:sync-tab:'))
        .map((key) => JSON.parse(localStorage.getItem(key)!).dirty as string[])
        .flat()
        .sort(),
    );
  await expect.poll(marked).toEqual([x, y].sort());
  await second.close();
  await context.setOffline(false);

  const title = async (id: string) =>
    (
      (await (await api(app, bob, `/api/conversations/${id}`)).json()) as {
        conversation: { title: string };
      }
    ).conversation.title;
  await expect.poll(() => title(y)).toBe(`Renamed in the open tab ${marker}`);
  await expect.poll(() => title(x)).toBe(`Renamed in the closed tab ${marker}`);
  await context.close();
});
