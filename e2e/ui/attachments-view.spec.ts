import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { gradientPng } from './png';

const composer = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Message' }) });

test('a thumbnail opens larger, in a dialog Esc closes', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:vision');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'wide.png', mimeType: 'image/png', buffer: gradientPng(800, 400) }]);
  await send(page, `Look ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

  const question = page.getByRole('article', { name: 'Your message' });
  await question.getByRole('button', { name: 'Open wide.png larger' }).click();
  const viewer = page.getByRole('dialog', { name: 'wide.png' });
  await expect(viewer.getByRole('img', { name: 'wide.png' })).toBeVisible();
  await expect(viewer).toContainText('800 × 400 pixels');
  const shown = (await viewer.getByRole('img', { name: 'wide.png' }).boundingBox())!;
  expect(shown.width).toBeGreaterThan(300);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('files dropped anywhere on the page are attached', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' }));
    // Far from the composer: the new-chat screen's heading.
    const target = document.querySelector('main h1')!;
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(
        new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
      );
  });
  const tray = composer(page).getByRole('list', { name: 'Attachments' });
  await expect(tray.getByRole('listitem')).toHaveText([/table\.csv/]);
});
