import { expect, test } from '@playwright/test';
import { contrastRatios } from '../ui/contrast';
import { lastAnswer, nonce, openHost, openWidget, send } from './helpers';

for (const scheme of ['light', 'dark'] as const) {
  test(`a visitor sees the site's chat, not the machinery (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openHost(page, {
      'data-model': 'gpu:qwen/qwen3-8b',
      'data-title': 'Ask ACME',
      'data-greeting': 'Hi! Ask me about our products.',
    });
    const frame = await openWidget(page);
    // The host's title, a close button, the greeting set like an answer (no bubble).
    await expect(frame.getByRole('heading', { name: 'Ask ACME' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Close chat' })).toBeVisible();
    await expect.poll(() => frame.locator('html').evaluate(() => document.title)).toBe('Ask ACME');
    const greeting = frame.getByRole('article', { name: 'Greeting' });
    await expect(greeting).toContainText('Hi! Ask me about our products.');
    await expect(greeting.locator('p')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    // A compact composer.
    const box = (await frame.getByRole('textbox', { name: 'Message' }).boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(48);

    await send(frame, `What is 6 × 7? ${nonce()}`);
    const answer = lastAnswer(frame);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    // No model id, no statistics, no keyboard hints.
    const text = await frame.locator('body').innerText();
    expect(text).not.toMatch(/qwen/i);
    expect(text).not.toContain('Enter to send');
    await expect(answer.getByTestId('usage')).toHaveCount(0);
    await expect(frame.getByTestId('conversation-meter')).toHaveCount(0);
    await expect(frame.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Type a message…',
    );

    // Every enabled control stands out from what is behind it (3:1, WCAG's non-text contrast).
    const controls = frame.locator('button:enabled:visible, select:visible');
    const ratios = await contrastRatios(controls);
    expect(ratios.length).toBeGreaterThan(4);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(3);
  });
}

test('data-show-details brings back the model, the statistics and the hints', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openHost(page, { 'data-model': 'vllm:reasoning', 'data-show-details': '' });
  const frame = await openWidget(page);
  await expect(frame.getByText('Answers come from reasoning.')).toBeVisible();
  await send(frame, `Details ${nonce()}`);
  const answer = lastAnswer(frame);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.getByTestId('usage')).toContainText(/Reasoning ?8/);
  await expect(answer).toContainText('reasoning');
});
