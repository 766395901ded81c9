import { expect, test } from '@playwright/test';
import { chatIframe, openHost, openWidget } from './helpers';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 700 } });

  test('the panel fills the screen and offers no "Make the chat larger"', async ({ page }) => {
    await openHost(page);
    const frame = await openWidget(page);
    expect(await chatIframe(page).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 700 });
    await expect(frame.getByRole('button', { name: 'Close chat' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Make the chat larger' })).toHaveCount(0);
  });
});

test('on a wide screen the panel can be made larger', async ({ page }) => {
  await openHost(page);
  const frame = await openWidget(page);
  await expect(frame.getByRole('button', { name: 'Make the chat larger' })).toBeVisible();
});
