/**
 * Before/after screenshots of the chat's main views at 1280 and 360 px, light and dark, for a
 * human to look at. Skipped unless SHOTS is set: `SHOTS=/tmp/shots npx playwright test shots-tour`.
 */
import { expect, test, type Page } from '@playwright/test';
import { animationsDone, lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { openHost, openWidget } from '../widget/helpers';
import { gradientPng } from './png';

const dir = process.env.SHOTS;
test.skip(!dir, 'set SHOTS=<dir> to take screenshots');
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: '1280', width: 1280, height: 860 },
  { name: '360', width: 360, height: 760 },
] as const;

async function conversation(page: Page) {
  await pickModel(page, 'ark:reasoning');
  await send(page, `What is 6 × 7? (${nonce()})`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await pickModel(page, 'vllm:http-error');
  await send(page, 'And once more?');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'error');
}

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${size.name} ${scheme}`, async ({ page }) => {
      const at = (name: string) => `${dir}/${name}-${size.name}-${scheme}.png`;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: size.width, height: size.height });
      await openApp(page);
      await page.screenshot({ path: at('empty') });
      await page.getByRole('combobox', { name: /^Model: / }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await animationsDone(page);
      await page.screenshot({ path: at('picker') });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await conversation(page);
      await page.screenshot({ path: at('conversation') });
    });

    test(`widget ${size.name} ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: size.width, height: size.height });
      await openHost(page, {
        'data-model': 'vllm:reasoning',
        'data-title': 'Ask ACME',
        'data-greeting': 'Hi! Ask me about our products.',
      });
      const frame = await openWidget(page);
      await page.screenshot({ path: `${dir}/widget-empty-${size.name}-${scheme}.png` });
      await send(frame, `What is 6 × 7? (${nonce()})`);
      await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');
      await page.screenshot({ path: `${dir}/widget-answer-${size.name}-${scheme}.png` });
    });
  }
}

for (const size of SIZES) {
  test(`features ${size.name}`, async ({ page }) => {
    const at = (name: string) => `${dir}/${name}-${size.name}.png`;
    await page.setViewportSize({ width: size.width, height: size.height });
    await openApp(page);
    await pickModel(page, 'vllm:vision');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'gradient.png', mimeType: 'image/png', buffer: gradientPng(1200, 800) },
      { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\n\nShip it.\n') },
    ]);
    await expect(page.getByRole('img', { name: 'gradient.png' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('What is in the picture?');
    await page.screenshot({ path: at('attachments-composer') });
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
    await page.screenshot({ path: at('attachments-answer') });
    // A model without vision refuses a conversation with images: the figures in a new chat.
    await openApp(page);
    await pickModel(page, 'ark:reasoning');
    await send(page, `And credits? (${nonce()})`);
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
    if (size.width < 640) await page.getByRole('button', { name: 'All figures' }).last().click();
    await page.screenshot({ path: at('figures') });
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Shift+?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.screenshot({ path: at('shortcuts') });
  });
}
