import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openHost, openWidget, send } from './helpers';

// The widget of the app that has sign-in methods: visitors chat without signing in.
const SECURE = { app: 'secure' };

test('the widget works without signing in where sign-in is required, under the page policy', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
  });
  await openHost(page, SECURE);
  const frame = await openWidget(page);
  const marker = nonce();
  await send(frame, `Hello from a visitor ${marker}`);
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  expect(await backendRequests('reasoning', marker)).toHaveLength(1);
  const chat = page.frames().find((f) => f.url().includes('/embed'))!;
  expect(
    await chat.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  ).toEqual([]);
});

test('a visitor keeps one random id in the widget storage', async ({ page }) => {
  await openHost(page, SECURE);
  await openWidget(page);
  const chat = () => page.frames().find((f) => f.url().includes('/embed'))!;
  const id = await chat().evaluate(() => localStorage.getItem('runnel-visitor'));
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await page.reload();
  await openWidget(page);
  expect(await chat().evaluate(() => localStorage.getItem('runnel-visitor'))).toBe(id);
});
