/** The sidebar in specs at any width: on narrow screens it is a drawer, opened first. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The conversations sidebar, opened if it is a closed drawer. */
export async function openSidebar(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  const box = await nav.boundingBox();
  if (!box || box.x + box.width <= 0) {
    await page.getByRole('button', { name: 'Open conversations' }).click();
    await expect(nav.getByRole('searchbox', { name: 'Search chats' })).toBeInViewport();
  }
  return nav;
}

/** Closes the drawer on narrow screens (a click on the dimmed page beside it). */
export async function closeSidebar(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 1280;
  if (width >= 768) return;
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  const box = await nav.boundingBox();
  if (box && box.x + box.width > 0) await page.mouse.click(width - 10, 400);
}
