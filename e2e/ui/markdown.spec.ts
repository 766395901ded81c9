import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('Markdown renders tables, lists, links and highlighted code with a copy button', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await pickModel(page, 'vllm:markdown');
  await send(page, `Markdown please ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');

  await expect(
    answer.getByRole('heading', { name: 'Streaming responses in TypeScript' }),
  ).toBeVisible();
  await expect(answer.getByRole('table')).toBeVisible();
  await expect(answer.getByRole('row')).toHaveCount(4);
  await expect(answer.getByRole('listitem')).toHaveCount(5);
  await expect(answer.locator('pre code.hljs .hljs-keyword').first()).toBeVisible();
  // Highlighting ran in the page's worker, off the main thread.
  expect(page.workers().some((w) => w.url().includes('/_next/static/'))).toBe(true);
  const link = answer.getByRole('link', { name: 'HTML living standard' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  await answer.getByRole('button', { name: 'Copy code' }).click();
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('export async function* frames(')).toBe(true);
  expect(copied.endsWith('}')).toBe(true);
});
