import { expect, test, type Page } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { dataUrlBytes, gradientPng, imageSize } from './png';

// Reading and downscaling images is real work: room for a busy machine.
test.describe.configure({ timeout: 60_000 });

const composer = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Message' }) });

/** Files handed to the page's "Attach files" picker. */
async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}

/** Dispatches a paste or drop carrying a file built in the page (what the OS would deliver). */
async function deliver(
  page: Page,
  how: 'paste' | 'drop',
  name: string,
  type: string,
  text: string,
) {
  await page.evaluate(
    ({ how, name, type, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type }));
      const box = document.getElementById('composer-input')!;
      if (how === 'paste') {
        box.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      } else {
        const target = box.parentElement!;
        for (const t of ['dragenter', 'dragover', 'drop'])
          target.dispatchEvent(
            new DragEvent(t, { dataTransfer: data, bubbles: true, cancelable: true }),
          );
      }
    },
    { how, name, type, text },
  );
}

test('an image and a text file reach a vision model as an image_url part and fenced text', async ({
  page,
}) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:vision');
  await attach(page, [
    { name: 'wide.png', mimeType: 'image/png', buffer: gradientPng(3000, 1500) },
    {
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(`# Notes ${marker}\n\nShip it.\n`),
    },
  ]);
  const tray = composer(page).getByRole('list', { name: 'Attachments' });
  await expect(tray.getByRole('img', { name: 'wide.png' })).toBeVisible();
  await expect(tray.getByRole('listitem').filter({ hasText: 'notes.md' })).toContainText(
    /≈ \d+ tokens/,
  );
  await send(page, `What do you see? ${marker}`);

  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer).toContainText('I see 1 image (image/png).');
  // The question shows its thumbnail and file; the composer is empty again.
  const question = page.getByRole('article', { name: 'Your message' });
  await expect(question.getByRole('img', { name: 'wide.png' })).toBeVisible();
  await expect(question).toContainText('notes.md');
  await expect(tray).toHaveCount(0);

  const [request] = await backendRequests('vision', marker);
  const user = request!.body.messages!.at(-1)!;
  const parts = user.content as { type: string; text?: string; image_url?: { url: string } }[];
  expect(parts[0]!.text).toBe(
    `What do you see? ${marker}\n\nnotes.md:\n\`\`\`markdown\n# Notes ${marker}\n\nShip it.\n\`\`\``,
  );
  const url = parts[1]!.image_url!.url;
  expect(url).toMatch(/^data:image\/png;base64,/);
  // Downscaled in the browser to the default longest edge.
  expect(imageSize(dataUrlBytes(url))).toEqual({ width: 1568, height: 784 });
});

test('a model without vision says so before sending; paste and drop attach too', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await deliver(page, 'paste', 'shot.png', 'image/png', '');
  // An empty "image" cannot be decoded: said as such, nothing attached.
  await expect(composer(page).getByRole('alert')).toHaveText(
    'shot.png could not be read as an image.',
  );

  await attach(page, [{ name: 'photo.png', mimeType: 'image/png', buffer: gradientPng(40, 30) }]);
  await expect(composer(page).getByRole('alert')).toHaveText(
    "chat can't see images. Pick a model marked Vision, or remove the images.",
  );
  await page.getByRole('textbox', { name: 'Message' }).fill(`Describe ${nonce()}`);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove photo.png' }).click();
  await expect(composer(page).getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();

  await deliver(page, 'drop', 'data.csv', 'text/csv', 'a,b\n1,2\n');
  await deliver(page, 'paste', 'main.py', '', 'print(42)\n');
  const tray = composer(page).getByRole('list', { name: 'Attachments' });
  await expect(tray.getByRole('listitem')).toHaveText([/data\.csv/, /main\.py/]);
});

test('files that cannot go are refused with a reason before anything is sent', async ({ page }) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await attach(page, [
    { name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') },
    { name: 'huge.log', mimeType: 'text/plain', buffer: Buffer.alloc(600 * 1024, 'a') },
  ]);
  const alert = composer(page).getByRole('alert');
  await expect(alert).toContainText(
    "archive.zip can't be attached: only images (PNG, JPEG, WebP, GIF), PDFs and text files",
  );
  await expect(alert).toContainText(
    'huge.log is too large to attach (600 KB; text files up to 512 KB).',
  );

  await expect(composer(page).getByRole('list', { name: 'Attachments' })).toHaveCount(0);
  expect(await backendRequests('chat', marker)).toEqual([]);
});

test('images in answers load only when the reader asks', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await openApp(page);
  await pickModel(page, 'vllm:xss');
  await send(page, `Show me ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  // The answer is complete and shows no <img>: nothing in the page can fetch the image later.
  await expect(answer.locator('img')).toHaveCount(0);
  await expect(answer.getByRole('button', { name: 'Load image' })).toBeVisible();
  expect(requested.filter((u) => u.includes('should-not-load'))).toEqual([]);

  await answer.getByRole('button', { name: 'Load image' }).click();
  await expect.poll(() => requested.filter((u) => u.includes('should-not-load')).length).toBe(1);
  await expect(answer).toContainText('(could not be loaded)');
});
