import { expect, test } from '@playwright/test';
import { contrastRatios } from './contrast';
import { lastAnswer, nonce, openApp, pickModel, recordValues, recorded, send } from './helpers';

for (const scheme of ['light', 'dark'] as const) {
  test(`the figures under an answer read at WCAG AA contrast (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page);
    await pickModel(page, 'ark:reasoning');
    await send(page, `Contrast ${nonce()}`);
    const usage = lastAnswer(page).getByTestId('usage');
    await expect(usage).toHaveAttribute('data-usage-final', 'true');
    const ratios = await contrastRatios(usage.locator('span:not(:has(*))'));
    // Each figure a label and a value: tokens and time to first token at least. The speed is
    // left out when the tokens came too close together to time (a busy machine can deliver this
    // short answer in one read), so it is not counted on.
    expect(ratios.length).toBeGreaterThanOrEqual(4);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
}

test('balance with its unit, and on a phone one line with the rest in a popover', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openApp(page);
  await pickModel(page, 'ark:reasoning');
  await send(page, `Credits ${nonce()}`);
  const answer = lastAnswer(page);
  const usage = answer.getByTestId('usage');
  await expect(usage).toHaveAttribute('data-usage-final', 'true');
  // One line: no taller than one line of its text, and nothing wider than the screen.
  const box = (await usage.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(30);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  // Balance is not on the line; it waits in the popover, which is closed.
  await expect(usage.getByText(/^Balance/)).toBeHidden();

  await usage.getByRole('button', { name: 'All figures' }).click();
  const figures = answer.getByRole('group', { name: 'Answer figures' });
  await expect(figures).toBeVisible();
  await expect(figures).toContainText('Prompt');
  await expect(figures).toContainText('Reasoning8');
  await expect(figures).toContainText(/Balance4,99\d,\d{3} credits/);
  await expect(figures).toContainText(/Credits used\d+/);
  await page.keyboard.press('Escape');
  await expect(figures).toBeHidden();
});

test('live speed from a provider without running counts; the TTFT the reader waited stays', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'tai:slow');
  await send(page, `Estimate ${nonce()}`);
  const answer = lastAnswer(page);
  const usage = answer.getByTestId('usage');
  await recordValues(page, '[data-testid="usage"]');
  await expect(usage).toContainText(/Speed ≈ [\d.]+ tok\/s/);
  await expect(usage).toContainText(/Completion ≈ \d+/);
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  const ttft = /TTFT (\d+ ms|[\d.]+ s)/.exec((await usage.textContent()) ?? '')?.[1];
  expect(ttft).toBeDefined();

  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(usage).toHaveAttribute('data-usage-final', 'true');
  // Never "Counting tokens…" for the whole answer, and the first-token time did not change.
  expect((await recorded(page)).some((t) => t.includes('Counting tokens'))).toBe(false);
  await expect(usage).toContainText(`TTFT ${ttft}`);
  await expect(usage).toContainText(/Completion 200/);
});

test('the conversation keeps a running total and shows how full the context is', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `First ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const first = Number(
    await lastAnswer(page).getByTestId('usage').getAttribute('data-completion-tokens'),
  );
  await send(page, 'Second');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

  const meter = page.getByTestId('conversation-meter');
  const context = meter.getByRole('meter', { name: 'Context used' });
  await expect(context).toHaveAttribute('aria-valuemax', '32768');
  await expect(context).toContainText(/^· context [\d.]+k? \/ 32k$/);
  const used = Number(await context.getAttribute('aria-valuenow'));
  // The second answer's prompt held the first exchange: more than its own completion.
  expect(used).toBeGreaterThan(first);
  await expect(meter).toContainText(/^\d+ tokens in this chat/);
  const total = Number(/^(\d+) tokens/.exec((await meter.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(used);
});
