/**
 * Screenshots of conversations, versions and the sidebar for a human to look at, at 1280 px and
 * 360 px in light and dark. Skipped unless SHOTS is set:
 * `SHOTS=/tmp/shots npx playwright test --project=chromium screenshots-chat`.
 */
import { expect, test, type Page } from '@playwright/test';
import { animationsDone, lastAnswer, openApp, pickModel, reloadApp, send } from './helpers';
import { manyConversations, seedConversations } from '../../testing/browser/seed-conversations';

const dir = process.env.SHOTS;
test.skip(!dir, 'set SHOTS=<dir> to take screenshots');
test.describe.configure({ timeout: 120_000 });

const DAY = 86_400_000;

async function drawer(page: Page) {
  const open = page.getByRole('button', { name: 'Open conversations' });
  if (await open.isVisible()) {
    await open.click();
    await animationsDone(page);
  }
}

/** Older conversations in every date group, one pinned, then a fresh one with versions. */
async function seed(page: Page) {
  const now = Date.now();
  const older = manyConversations(12, now - DAY).map((c, i) => ({
    ...c,
    title: [
      'Plan a three-day trip to Lisbon with a focus on food and old trams',
      'What is the difference between TCP and UDP for streaming video?',
      'Summarise the plot of Hamlet in five sentences',
      'Weekend hike around Lake Bled',
      'Explain vLLM paged attention',
      'Regex for ISO dates',
      'Birthday card for Ana',
      'Postgres vacuum tuning',
      'Sourdough starter schedule',
      'Compare Rust and Go for CLIs',
      'Tax return checklist',
      'Learn Portuguese: week one',
    ][i]!,
    updatedAt: now - [1, 1.2, 2, 3, 5, 6, 9, 20, 40, 60, 90, 200][i]! * DAY,
    pinned: i === 4,
  }));
  await seedConversations(page, older);
  await reloadApp(page);
  await pickModel(page, 'vllm:numbered');
  await send(page, 'Suggest a name for a streaming chat app');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await pickModel(page, 'vllm:markdown');
  await send(page, 'Now explain streaming responses in TypeScript');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
}

for (const scheme of ['light', 'dark'] as const) {
  test(`desktop ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page);
    await seed(page);
    await page.getByRole('log').locator('article').nth(1).hover();
    await page.screenshot({ path: `${dir}/desktop-${scheme}.png` });
    const box = page.getByRole('searchbox', { name: 'Search chats' });
    await box.fill('stream');
    await expect(page.getByRole('region', { name: 'Search results' })).toBeVisible();
    await animationsDone(page);
    await page.screenshot({ path: `${dir}/desktop-search-${scheme}.png` });
    await box.fill('');
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await page.screenshot({ path: `${dir}/desktop-collapsed-${scheme}.png` });
    await page.getByRole('button', { name: 'Show sidebar' }).click();
    await page.goto('/c/not-here');
    await expect(page.getByRole('heading', { name: /not on this device/ })).toBeVisible();
    await page.screenshot({ path: `${dir}/desktop-missing-${scheme}.png` });
  });

  test(`phone ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 360, height: 760 });
    await openApp(page);
    await seed(page);
    await page.screenshot({ path: `${dir}/phone-${scheme}.png` });
    await drawer(page);
    await page.screenshot({ path: `${dir}/phone-sidebar-${scheme}.png` });
    const nav = page.getByRole('navigation', { name: 'Conversations' });
    await nav.getByRole('link', { name: 'Weekend hike around Lake Bled' }).hover();
    await nav.getByRole('button', { name: 'Options for “Weekend hike around Lake Bled”' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await animationsDone(page);
    await page.screenshot({ path: `${dir}/phone-menu-${scheme}.png` });
  });
}

test('500 conversations, searched', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await seedConversations(page, manyConversations(500, Date.now()));
  await reloadApp(page);
  await page.getByRole('searchbox', { name: 'Search chats' }).fill('kernel tensor');
  await expect(page.getByRole('region', { name: 'Search results' })).toBeVisible();
  await animationsDone(page);
  await page.screenshot({ path: `${dir}/desktop-500-search.png` });
});
