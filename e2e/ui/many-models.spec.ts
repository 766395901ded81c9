/**
 * A second app with its own configuration: 200 models from four providers (a backend without
 * `/models`, so the list is exactly what the providers file names), suggested prompts, a smaller
 * image edge and a smaller request limit.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { APP_ENV } from '../../testing/stack/app-env';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { SCENARIO_URL } from '../../testing/stack/ports';
import { backendRequests, lastAnswer, nonce, send, typeMessage, waitReady } from './helpers';
import { dataUrlBytes, gradientPng, imageSize } from './png';

const FAMILIES = [
  'llama-3.1',
  'qwen3',
  'mistral-small',
  'gemma-3',
  'phi-4',
  'deepseek-r1',
  'qwen2.5-vl',
  'olmo-2',
  'granite-3.3',
  'command-r',
];
const SIZES = ['1b', '3b', '7b', '8b', '14b'];
const PROVIDERS = ['north', 'south', 'east', 'west'];
const PROMPTS = [
  'Plan a three-day trip to Lisbon',
  'Explain DNS to a ten-year-old',
  'Write a haiku about GPUs',
];

function providersFile(): string {
  const providers = PROVIDERS.map((id, p) => ({
    id,
    label: `${id} cluster`,
    baseURL: `${SCENARIO_URL}/nomodels/v1`,
    preset: 'vllm',
    models: FAMILIES.flatMap((family) =>
      SIZES.map((size) => ({
        id: `${family}-${size}-v${p + 1}`,
        ...(family === 'qwen2.5-vl' || family === 'gemma-3' ? { vision: true } : {}),
      })),
    ),
  }));
  const dir = mkdtempSync(join(tmpdir(), 'runnel-many-'));
  const path = join(dir, 'providers.json');
  writeFileSync(path, JSON.stringify(providers));
  return path;
}

test.describe.configure({ mode: 'serial' });
let app: Instance;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startInstance({
    ...APP_ENV,
    PROVIDERS_FILE: providersFile(),
    DEFAULT_MODEL: 'north:llama-3.1-8b-v1',
    SUGGESTED_PROMPTS: PROMPTS.join(' | '),
    IMAGE_MAX_EDGE: '640',
    MAX_REQUEST_BYTES: '300000',
  });
});
test.afterAll(async () => app?.stop());

test('the picker searches 200 models as you type, grouped, by keyboard, within a phone screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(app.url);
  await waitReady(page);
  await page.getByRole('combobox', { name: /^Model: / }).click();
  const search = page.getByRole('combobox', { name: 'Search models' });
  await expect(search).toBeFocused();
  const list = page.getByRole('listbox', { name: 'Models' });
  await expect(list.getByRole('option')).toHaveCount(200);
  await expect(list.getByRole('group')).toHaveCount(4);
  await expect(list.getByRole('group', { name: 'south' }).getByRole('option')).toHaveCount(50);

  // Compact rows, and nothing wider than the screen.
  const row = (await list.getByRole('option').first().boundingBox())!;
  expect(row.height).toBeLessThanOrEqual(40);
  const menu = (await list.boundingBox())!;
  expect(menu.x).toBeGreaterThanOrEqual(0);
  expect(menu.x + menu.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Capability marks are named.
  await expect(list.getByRole('option', { name: /gemma-3-7b-v1.*Vision/ })).toBeVisible();

  await search.pressSequentially('vl 14b');
  await expect(list.getByRole('option')).toHaveCount(4);
  await expect(list.getByRole('option').first()).toHaveAttribute(
    'data-model-id',
    'north:qwen2.5-vl-14b-v1',
  );
  await search.press('ArrowDown');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(list).toBeHidden();
  // Picked to write to it: the message box has the focus.
  await expect(page.getByRole('combobox', { name: /^Model: qwen2\.5-vl-14b-v3\b/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  await page.getByRole('combobox', { name: /^Model: / }).click();
  await page.getByRole('combobox', { name: 'Search models' }).fill('no such model');
  await expect(page.getByText('No model matches “no such model”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
});

test('suggested prompts on the empty screen go into the message box', async ({ page }) => {
  await page.goto(app.url);
  await waitReady(page);
  const prompts = page.getByRole('list', { name: 'Suggested prompts' });
  await expect(prompts.getByRole('button')).toHaveText(PROMPTS);
  await prompts.getByRole('button', { name: 'Explain DNS to a ten-year-old' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Explain DNS to a ten-year-old',
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
});

test('IMAGE_MAX_EDGE sets how far images are downscaled', async ({ page }) => {
  const marker = nonce();
  await page.goto(app.url);
  await waitReady(page);
  await page.getByRole('combobox', { name: /^Model: / }).click();
  await page.getByRole('combobox', { name: 'Search models' }).fill('gemma-3-8b-v1');
  await page.keyboard.press('Enter');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles({ name: 'tall.png', mimeType: 'image/png', buffer: gradientPng(900, 1800) });
  await expect(page.getByRole('img', { name: 'tall.png' })).toBeVisible();
  await send(page, `Look ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const [request] = await backendRequests('gemma-3-8b-v1', marker);
  const parts = request!.body.messages!.at(-1)!.content as { image_url?: { url: string } }[];
  expect(imageSize(dataUrlBytes(parts[1]!.image_url!.url))).toEqual({ width: 320, height: 640 });
});

test("a message over the server's MAX_REQUEST_BYTES is refused before it is sent", async ({
  page,
}) => {
  const marker = nonce();
  await page.goto(app.url);
  await waitReady(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  // Each file is within the per-file limit; together they are over the server's 300 kB.
  const part = Buffer.alloc(200 * 1024, 'b');
  await (
    await chooser
  ).setFiles([
    { name: 'a.txt', mimeType: 'text/plain', buffer: part },
    { name: 'b.txt', mimeType: 'text/plain', buffer: part },
  ]);
  const tray = page.getByRole('list', { name: 'Attachments' });
  await expect(tray.getByRole('listitem')).toHaveCount(2);
  // Send waits (a moment) for the checks a message with attachments needs; Enter before that does
  // nothing, so the message is typed until Send is enabled.
  const box = await typeMessage(page, `Both ${marker}`);
  await box.press('Enter');
  const alert = page.locator('form').getByRole('alert');
  await expect(alert).toHaveText(
    /^This message is too large to send \(\d+ KB; the server takes up to 293 KB\)\. Remove an attachment or start a new chat\.$/,
  );
  await expect(page.getByRole('log')).toHaveCount(0);
  // Removing a file clears the refusal, and the rest goes.
  await tray.getByRole('button', { name: 'Remove b.txt' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await box.press('Enter');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  expect(await backendRequests('llama-3.1-8b-v1', marker)).toHaveLength(1);
});
