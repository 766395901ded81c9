import { expect, test, type Page } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel } from './helpers';
import { tinyPdf } from './pdf';

const composer = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Message' }) });

async function attach(page: Page, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([{ name, mimeType: 'application/pdf', buffer }]);
}

test('a PDF is read in the browser: its text goes, page by page, with its page count', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const marker = nonce();
  await attach(page, 'paper.pdf', tinyPdf(['Tides follow the Moon', `Second page ${marker}`]));
  const tray = composer(page).getByRole('list', { name: 'Attachments' });
  await expect(tray.getByRole('listitem')).toHaveCount(1);
  await expect(tray.getByRole('listitem')).toContainText('paper.pdf');
  await expect(tray.getByRole('listitem')).toContainText('2 pages');

  await page.getByRole('textbox', { name: 'Message' }).fill('Summarise the paper');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const [request] = await backendRequests('chat', marker);
  const sent = JSON.stringify(request?.body.messages?.at(-1)?.content);
  expect(sent).toContain('paper.pdf');
  expect(sent).toMatch(/Page 1\\n\\nTides follow the Moon/);
  expect(sent).toContain(`Page 2\\n\\nSecond page ${marker}`);
});

test('a PDF without text, or not a PDF at all, is refused with the reason', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await attach(page, 'scan.pdf', tinyPdf(['']));
  await expect(composer(page).getByRole('alert')).toHaveText(
    'scan.pdf has no text to read (a scanned PDF is pictures of pages).',
  );
  await attach(page, 'fake.pdf', Buffer.from('not a pdf at all'));
  await expect(composer(page).getByRole('alert')).toHaveText(
    'fake.pdf could not be read as a PDF.',
  );
  await expect(composer(page).getByRole('list', { name: 'Attachments' })).toHaveCount(0);
});
