import { expect, test, type Page } from '@playwright/test';
import { openApp, pickModel } from './helpers';

const composer = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Message' }) });

async function attach(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(text) }]);
}

test('the same file attached twice is noticed and goes once', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const tray = composer(page).getByRole('list', { name: 'Attachments' });
  await attach(page, 'notes.txt', 'remember the milk\n');
  await expect(tray.getByRole('listitem')).toHaveCount(1);

  await attach(page, 'notes.txt', 'remember the milk\n');
  await expect(composer(page).getByRole('alert')).toHaveText('“notes.txt” is already attached.');
  await expect(tray.getByRole('listitem')).toHaveCount(1);

  // Another file of the same name is another file.
  await attach(page, 'notes.txt', 'and the bread\n');
  await expect(tray.getByRole('listitem')).toHaveCount(2);
});
