/**
 * Screenshots of waiting in line, the usage view and Compare at 1280 and 360 px, for a human to
 * look at. Skipped unless SHOTS is set:
 * `SHOTS=/tmp/shots npx playwright test shots-cost --project conversations-sqlite`.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADA_CODE } from '../../testing/stack/conversations-stack';
import { LIMITS_A_URL, QUEUED_PROVIDER } from '../../testing/stack/limits-stack';
import { randomAddress } from '../../testing/stack/limits-client';
import { lastAnswer, nonce, pickModel, send, waitReady } from '../ui/helpers';
import { projectApp, signIn } from './helpers';

const dir = process.env.SHOTS;
test.skip(!dir, 'set SHOTS=<dir> to take screenshots');
test.describe.configure({ timeout: 120_000, mode: 'serial' });

const SIZES = [
  { name: '1280', width: 1280, height: 860 },
  { name: '360', width: 360, height: 760 },
] as const;

async function queuedReader(browser: Browser, size: (typeof SIZES)[number], scenario: string) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  const page = await context.newPage();
  await page.goto(LIMITS_A_URL);
  await waitReady(page);
  await pickModel(page, `${QUEUED_PROVIDER}:${scenario}`);
  return page;
}

async function compare(page: Page, text: string, models: string[]) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Compare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare models' });
  await expect(dialog.getByRole('checkbox', { checked: true }).first()).toBeVisible();
  const checked = dialog.getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().uncheck();
  for (const id of models) await dialog.locator(`input[data-model-id="${id}"]`).check();
  await dialog.getByRole('button', { name: `Compare ${models.length} models` }).click();
}

for (const size of SIZES) {
  test(`waiting ${size.name}`, async ({ browser }) => {
    const holder = await queuedReader(browser, size, 'slow');
    const waiter = await queuedReader(browser, size, 'chat');
    await send(holder, `Hold the slot ${nonce()}`);
    await expect(lastAnswer(holder).locator('.markdown')).toContainText('Streaming');
    await send(waiter, `Waiting in line ${nonce()}`);
    await expect(lastAnswer(waiter).getByTestId('backend-status')).toContainText('Waiting');
    await waiter.screenshot({ path: `${dir}/waiting-${size.name}.png` });
    await holder.getByRole('button', { name: 'Stop' }).click();
  });

  test(`compare and usage ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, projectApp(), ADA_CODE);
    await compare(page, 'In one paragraph: why do GPUs stream tokens one at a time?', [
      'priced:chat',
      'priced:default-price',
      'gpu-priced:counting',
    ]);
    const panel = page.getByRole('region', { name: 'Comparison' });
    // Every column has text of its answer.
    await expect(panel.locator('section[data-model-id]')).toHaveCount(3);
    for (const col of await panel.locator('section[data-model-id]').all())
      await expect(col.locator('.markdown')).toHaveText(/\S/, { timeout: 30_000 });
    await panel.screenshot({ path: `${dir}/compare-streaming-${size.name}.png` });
    for (const col of await panel.locator('section[data-model-id]').all())
      await expect(col).not.toHaveAttribute('data-status', 'streaming', { timeout: 30_000 });
    await page.screenshot({ path: `${dir}/compare-${size.name}.png`, fullPage: true });
    await panel
      .locator('section[data-model-id="priced:chat"]')
      .getByRole('button', { name: 'Use this answer' })
      .click();
    await expect(panel).toBeHidden();
    await page.screenshot({ path: `${dir}/compare-kept-${size.name}.png` });

    await page.getByRole('button', { name: 'Usage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Usage' });
    await expect(dialog.getByRole('table', { name: 'By model' })).toBeVisible();
    await page.screenshot({ path: `${dir}/usage-${size.name}.png` });
    await dialog.getByLabel('Whose usage').selectOption({ label: 'Everyone' });
    await expect(dialog.getByRole('table', { name: 'By user' })).toBeVisible();
    await page.screenshot({ path: `${dir}/usage-everyone-${size.name}.png` });
  });
}
