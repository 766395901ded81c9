import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel } from './helpers';

// A phone: a coarse pointer, touch events and a narrow screen.
test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });

test('on a touch screen Enter starts a new line and only the button sends', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  const marker = nonce();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(`First line ${marker}`);
  await box.press('Enter');
  await box.pressSequentially('second line');

  await expect(box).toHaveValue(`First line ${marker}\nsecond line`);
  await expect(page.getByRole('log').locator('article')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send' }).tap();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const [request] = await backendRequests('chat', marker);
  expect(request?.body.messages?.at(-1)?.content).toBe(`First line ${marker}\nsecond line`);
});
