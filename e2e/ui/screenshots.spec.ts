/**
 * Screenshots of the main states for a human to look at (light, dark, phone width).
 * Skipped unless SHOTS is set: `SHOTS=/tmp/shots npx playwright test --project=chromium screenshots`.
 */
import { expect, test, type Page } from '@playwright/test';
import { DOWN_APP_URL } from '../../testing/stack/ports';
import { animationsDone, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

const dir = process.env.SHOTS;
test.skip(!dir, 'set SHOTS=<dir> to take screenshots');
test.describe.configure({ timeout: 90_000 });

async function conversation(page: Page) {
  await pickModel(page, 'vllm:markdown');
  await send(page, `Explain streaming responses in TypeScript (${nonce()})`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await pickModel(page, 'vllm:reasoning');
  await send(page, 'And what is 6 × 7?');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await pickModel(page, 'vllm:length');
  await send(page, 'Tell me a story');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'length');
  await pickModel(page, 'ark:error-midstream');
  await send(page, 'One more try');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'error');
}

for (const scheme of ['light', 'dark'] as const) {
  test(`desktop ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 860 });
    await openApp(page);
    await page.screenshot({ path: `${dir}/empty-${scheme}.png` });
    await conversation(page);
    await page.screenshot({ path: `${dir}/conversation-${scheme}.png` });
    await page.getByTestId('message-scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    await page.screenshot({ path: `${dir}/conversation-top-${scheme}.png` });
    await page.getByRole('combobox', { name: /^Model: / }).click();
    await page.screenshot({ path: `${dir}/model-picker-${scheme}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    await page.screenshot({ path: `${dir}/settings-${scheme}.png` });
  });
}

test('phone 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await openApp(page);
  await conversation(page);
  await page.screenshot({ path: `${dir}/phone-conversation.png` });
  await pickModel(page, 'vllm:slow');
  await send(page, 'Slowly please');
  await expect(lastAnswer(page).locator('.markdown')).toContainText('Streaming lets');
  await page.screenshot({ path: `${dir}/phone-streaming.png` });
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Open conversations' }).click();
  await animationsDone(page); // the drawer slides in
  await page.screenshot({ path: `${dir}/phone-sidebar.png` });
});

test('waiting, cold start and health banner', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page);
  await pickModel(page, 'acs:cold-start');
  await send(page, 'Five reasons to learn Rust:\n1.');
  await expect(lastAnswer(page).getByTestId('backend-status')).toContainText('loading weights');
  await page.screenshot({ path: `${dir}/cold-start.png` });
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'length', { timeout: 15_000 });
  await page.screenshot({ path: `${dir}/completion.png` });
  await page.goto(DOWN_APP_URL);
  await expect(page.getByRole('alert').filter({ hasText: 'not reachable' })).toBeVisible();
  await page.screenshot({ path: `${dir}/health-banner.png` });
});
