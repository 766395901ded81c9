import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('hostile model output executes nothing and loads nothing', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await openApp(page);
  await pickModel(page, 'vllm:xss');
  await send(page, `Be tricky ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');

  // Raw HTML is shown as text, not parsed.
  await expect(answer).toContainText('<script>window.__pwned=1</script>');
  await expect(answer).toContainText('<img src=x onerror="window.__pwned=1">');
  // The answer is complete and on screen (the signal above): nothing in it can run later, because
  // nothing that could run (a script, an image's onerror, a javascript: link) is in the page.
  const log = page.getByRole('log');
  await expect(log.locator('script')).toHaveCount(0);
  await expect(log.locator('img')).toHaveCount(0);
  await expect(log.locator('[onerror]')).toHaveCount(0);
  await expect(log.locator('a[href^="javascript:" i]')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
  // The javascript: link keeps its text but has no target.
  await expect(answer.getByText('click', { exact: true })).toBeVisible();
  await expect(answer.getByRole('link', { name: 'click' })).toHaveCount(0);

  // The image is a link, never fetched.
  const image = answer.getByRole('link', { name: 'Image: img' });
  await expect(image).toHaveAttribute('href', 'http://127.0.0.1:1/should-not-load.png');
  expect(requested.filter((u) => u.includes('should-not-load'))).toEqual([]);

  // Safe links open in a new tab without handing over the opener.
  const ok = answer.getByRole('link', { name: 'ok' });
  await expect(ok).toHaveAttribute('href', 'https://example.com');
  await expect(ok).toHaveAttribute('target', '_blank');
  await expect(ok).toHaveAttribute('rel', 'noopener noreferrer');
  // Script inside a code fence is code.
  await expect(answer.locator('pre code')).toContainText(
    '<script>alert("in a code fence")</script>',
  );
});
