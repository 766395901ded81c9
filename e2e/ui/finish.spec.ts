import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { imageSize } from './png';

test('favicon, app icons and a web manifest are linked and served', async ({ page, request }) => {
  await openApp(page);
  const href = (selector: string) => page.locator(selector).first().getAttribute('href');
  // A PNG, not an SVG: Chromium draws an SVG icon as a document of its own on the page's main
  // thread each time the address changes (scripts/make-icons.ts).
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveCount(0);
  const icon = await request.get((await href('link[rel="icon"][type="image/png"]'))!);
  expect(icon.headers()['content-type']).toBe('image/png');
  expect(imageSize(await icon.body())).toEqual({ width: 64, height: 64 });
  expect((await request.get('/favicon.ico')).ok()).toBe(true);
  const apple = await request.get((await href('link[rel="apple-touch-icon"]'))!);
  expect(imageSize(await apple.body())).toEqual({ width: 180, height: 180 });

  const manifest = await (await request.get((await href('link[rel="manifest"]'))!)).json();
  expect(manifest).toMatchObject({ name: 'Runnel', start_url: '/', display: 'standalone' });
  for (const entry of manifest.icons as { src: string; sizes: string }[]) {
    const png = await request.get(entry.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const { width, height } = imageSize(await png.body());
    expect(`${width}x${height}`).toBe(entry.sizes);
  }
});

test('user messages are safe Markdown: formatting shows, HTML stays text', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(
    page,
    `**Bold** and \`code\` ${nonce()}\nsecond line\n\n- one\n- two\n\n<img src=x onerror="window.__pwned=1">`,
  );
  const question = page.getByRole('article', { name: 'Your message' });
  await expect(question.locator('strong')).toHaveText('Bold');
  await expect(question.locator('code')).toHaveText('code');
  await expect(question.getByRole('listitem')).toHaveText(['one', 'two']);
  await expect(question).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(question.locator('img')).toHaveCount(0);
  // A single line break typed by the person stays a line break: read as laid out, once the
  // browser has laid the message out (a message new in the list may not have been yet, and its
  // text then reads as empty).
  await expect(question.locator('p').first()).toHaveText(/^[^\n]+\nsecond line$/, {
    useInnerText: true,
  });
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('code blocks wrap on request and download as a file named for their language', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:markdown');
  await send(page, `Code please ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  const block = answer.locator('.code-block');
  const pre = block.locator('pre');
  await expect(pre).toHaveCSS('white-space', 'pre');
  const wrap = block.getByRole('button', { name: 'Wrap lines' });
  await wrap.click();
  await expect(wrap).toHaveAttribute('aria-pressed', 'true');
  await expect(pre).toHaveCSS('white-space', 'pre-wrap');

  const download = page.waitForEvent('download');
  await block.getByRole('button', { name: 'Download code' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('code.ts');
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await file.path())!, 'utf8')).toContain(
    'export async function* frames(body: ReadableStream<Uint8Array>)',
  );
});

test('a short thought reads "under 1 s", never "0.0 s"', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:reasoning');
  await send(page, `Think fast ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.getByRole('button', { name: /^Thought for under 1 s/ })).toBeVisible();
});
