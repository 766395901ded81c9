import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test.describe('phone width (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('everything fits; the sidebar opens as a drawer', async ({ page }) => {
    await openApp(page);
    await pickModel(page, 'vllm:markdown');
    await send(page, `Wide content ${nonce()}`);
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();

    await page.getByRole('button', { name: 'Open conversations' }).click();
    const nav = page.getByRole('navigation', { name: 'Conversations' });
    await expect(nav.getByRole('link', { name: /^Wide content/ })).toBeInViewport();
    await nav.getByRole('link', { name: /^Wide content/ }).click();
    await expect(nav.getByRole('button', { name: 'New chat' })).not.toBeInViewport();
  });
});

test('dark mode follows the system and the toggle', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(page);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: /^System theme/ }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: /^Light theme/ }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The choice survives a reload with no flash: the class is set before React starts.
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: /^Dark theme/ })).toBeVisible();
});

test('auto-scroll follows only at the bottom; "Jump to latest" brings it back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 900, height: 500 });
  await openApp(page);
  await pickModel(page, 'vllm:slow');
  await send(page, `Scroll test ${nonce()}`);
  const scroller = page.getByTestId('message-scroller');
  await expect(lastAnswer(page).locator('.markdown')).toContainText('Cancelling should close', {
    timeout: 15_000,
  });
  await expect
    .poll(() => scroller.evaluate((el) => el.scrollHeight > el.clientHeight + 100), {
      timeout: 15_000,
    })
    .toBe(true);
  const gap = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  expect(await gap()).toBeLessThan(50);

  await scroller.hover();
  await page.mouse.wheel(0, -400);
  const jump = page.getByRole('button', { name: 'Jump to latest' });
  await expect(jump).toBeVisible();
  const top = await scroller.evaluate((el) => el.scrollTop);
  // The signal: the answer has grown on screen since (a follow would have scrolled with it).
  const height = await scroller.evaluate((el) => el.scrollHeight);
  await expect.poll(() => scroller.evaluate((el) => el.scrollHeight)).toBeGreaterThan(height + 40);
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top);

  await jump.click();
  await expect(jump).toBeHidden();
  await expect.poll(gap).toBeLessThan(50);
  await page.keyboard.press('Escape');
});
