/**
 * Finding old chats: search as you type over titles and message text (500 conversations), date
 * groups, pinning, titles using the whole row, the sidebar hidden and shown on wide screens. At
 * 1280 px in light and 360 px in dark.
 */
import { expect, test } from '@playwright/test';
import { openApp, reloadApp, VIEWS, waitForStored } from './helpers';
import { manyConversations, seedConversations } from '../../testing/browser/seed-conversations';
import { openSidebar } from './sidebar-helpers';

test.describe.configure({ timeout: 90_000 });

const DAY = 86_400_000;

for (const view of VIEWS) {
  test.describe(`${view.width} px, ${view.scheme}`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, colorScheme: view.scheme });

    test('search finds titles and message text as you type, among 500 conversations', async ({
      page,
    }) => {
      await openApp(page);
      const seeds = manyConversations(500, Date.now());
      seeds[417]!.texts[7] += ' We could meet in Zanzibar next spring.';
      seeds[3]!.title = 'Zanzibar packing list';
      await seedConversations(page, seeds);
      await reloadApp(page);
      const nav = await openSidebar(page);
      await expect(
        nav.getByRole('link', { name: 'Seeded conversation 0', exact: true }),
      ).toBeVisible();
      // A long history opens with its first hundred rows; the rest are a click away.
      const rows = nav.getByRole('region').getByRole('link');
      await expect(rows).toHaveCount(100);
      await nav.getByRole('button', { name: 'Show more (400)' }).click();
      await expect(rows).toHaveCount(300);

      const box = nav.getByRole('searchbox', { name: 'Search chats' });
      const results = nav.getByRole('region', { name: 'Search results' });
      // From the input event to the results on screen, measured in the page: the first search
      // (which reads all 500 conversations once) and one after it.
      const timed = async (query: string, status: string) => {
        await page.evaluate((want) => {
          const w = window as unknown as { __t: { typed?: number; shown?: number } };
          w.__t = {};
          document.addEventListener('input', (e) => (w.__t.typed ??= e.timeStamp), {
            capture: true,
            once: true,
          });
          const observer = new MutationObserver(() => {
            const text = document.querySelector('nav [role="status"]')?.textContent;
            if (text !== want) return;
            w.__t.shown = performance.now();
            observer.disconnect();
          });
          observer.observe(document.querySelector('nav')!, {
            childList: true,
            subtree: true,
            characterData: true,
          });
        }, status);
        await box.fill(query);
        await expect(results.getByRole('status')).toHaveText(status);
        const t = await page.evaluate(
          () => (window as unknown as { __t: { typed: number; shown: number } }).__t,
        );
        return Math.round(t.shown - t.typed);
      };
      const cold = await timed('zanzibar', '2 conversations');
      const links = results.getByRole('link');
      await expect(links).toHaveCount(2);
      await expect(links.nth(0)).toHaveAccessibleName(/^Zanzibar packing list/);
      await expect(links.nth(1)).toContainText('Seeded conversation 417');
      await expect(links.nth(1)).toContainText('meet in Zanzibar next spring');
      const warm = await timed('spring zanzibar', '1 conversation');
      test.info().annotations.push({ type: 'search-ms', description: `${cold} / ${warm}` });
      console.log(
        `[search] 500 conversations (${view.width} px): input → results on screen ${cold} ms the first time, ${warm} ms after`,
      );

      await box.fill('Conversation 417');
      await expect(results.getByRole('status')).toHaveText('1 conversation');
      await box.fill('no such words anywhere');
      await expect(results.getByRole('status')).toHaveText('No conversation matches.');
      await box.press('Escape');
      await expect(box).toHaveValue('');
      await expect(results).toHaveCount(0);
    });

    test('groups by date, pins, and shows whole titles', async ({ page }) => {
      await openApp(page);
      const now = Date.now();
      await seedConversations(page, [
        { id: 'g-today', title: 'Asked this morning', updatedAt: now - 60_000, texts: ['a', 'b'] },
        {
          id: 'g-yday',
          title: 'Asked yesterday',
          updatedAt: now - DAY - 60_000,
          texts: ['a', 'b'],
        },
        { id: 'g-week', title: 'Asked days ago', updatedAt: now - 4 * DAY, texts: ['a', 'b'] },
        { id: 'g-old', title: 'Asked long ago', updatedAt: now - 40 * DAY, texts: ['a', 'b'] },
        // Fits the sidebar's width, but not with room kept for buttons that are not shown.
        {
          id: 'g-long',
          title: 'Weekend hike around Lake Bled',
          updatedAt: now - 40 * DAY - 1,
          texts: ['a', 'b'],
        },
      ]);
      await reloadApp(page);
      const nav = await openSidebar(page);
      const headings = nav.getByRole('heading', { level: 2 });
      await expect(headings).toHaveText(['Today', 'Yesterday', 'Previous 7 days', 'Older']);
      const group = (name: string) => nav.getByRole('region', { name });
      await expect(group('Yesterday').getByRole('link')).toHaveText(['Asked yesterday']);
      await expect(group('Older').getByRole('link')).toHaveText([
        'Asked long ago',
        'Weekend hike around Lake Bled',
      ]);

      // The whole title shows while the row's buttons are hidden (and they show on hover).
      const long = nav.getByRole('link', { name: 'Weekend hike around Lake Bled' });
      const clipped = () =>
        long.locator('span.truncate').evaluate((el) => el.scrollWidth > el.clientWidth);
      if (view.width >= 768) {
        await page.mouse.move(view.width - 10, view.height - 10);
        expect(await clipped()).toBe(false);
        await long.hover();
      }
      const options = nav.getByRole('button', { name: 'Options for “Asked long ago”' });
      await nav.getByRole('link', { name: 'Asked long ago' }).hover();
      await expect(options).toBeVisible();

      await options.click();
      await nav.getByRole('menuitem', { name: 'Pin' }).click();
      await expect(headings.first()).toHaveText('Pinned');
      await expect(group('Pinned').getByRole('link')).toHaveText(['Asked long ago']);
      await expect(group('Older').getByRole('link')).toHaveText(['Weekend hike around Lake Bled']);
      await waitForStored(page, '"pinned":true');
      await reloadApp(page);
      const again = await openSidebar(page);
      await expect(again.getByRole('region', { name: 'Pinned' }).getByRole('link')).toHaveText([
        'Asked long ago',
      ]);
      await again.getByRole('link', { name: 'Asked long ago' }).hover();
      await again.getByRole('button', { name: 'Options for “Asked long ago”' }).click();
      await again.getByRole('menuitem', { name: 'Unpin' }).click();
      await expect(again.getByRole('region', { name: 'Pinned' })).toHaveCount(0);
    });
  });
}

test('the sidebar can be hidden on a wide screen, and stays hidden after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await expect(nav).toBeVisible();
  await nav.getByRole('button', { name: 'Hide sidebar' }).click();
  await expect(nav).toBeHidden();
  const composer = await page.getByRole('textbox', { name: 'Message' }).boundingBox();
  expect(composer!.x + composer!.width / 2).toBeGreaterThan(600);
  await reloadApp(page);
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Show sidebar' }).click();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show sidebar' })).toHaveCount(0);
});
