import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel } from './helpers';

test('keyboard: Enter sends, Shift+Enter adds a line; status region announces start and end only', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  await page.keyboard.type('First line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type(`second line ${nonce()}`);
  await expect(box).toHaveValue(/^First line\nsecond line/);

  const status = page.getByRole('status');
  const announcements: string[] = [];
  await page.exposeFunction('__announce', (t: string) => announcements.push(t));
  await page.evaluate(() => {
    const region = document.querySelector('[role="status"]')!;
    new MutationObserver(() =>
      (window as unknown as { __announce: (t: string) => void }).__announce(
        region.textContent ?? '',
      ),
    ).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(status).toHaveText('Response complete');
  expect(announcements.filter(Boolean)).toEqual(['Generating…', 'Response complete']);

  // The user's message kept its line break; the log itself is not live (no token announcements).
  await expect(page.getByRole('article', { name: 'Your message' })).toContainText(
    'First line\nsecond line',
  );
  await expect(page.getByRole('log')).toHaveAttribute('aria-live', 'off');
  await expect(box).toBeFocused();
});

test('controls have names and focus is visible', async ({ page }) => {
  await openApp(page);
  for (const name of ['Send', 'Conversation settings', 'Export conversation', 'New chat']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeAttached();
  }
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return style.boxShadow !== 'none' || style.outlineStyle !== 'none';
  });
  expect(outline).toBe(true);
});
