import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('Markdown renders tables, lists, links and highlighted code with a copy button', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Notes the languages of the code the page hands to a worker (highlight requests carry `code`).
  await page.addInitScript(() => {
    const sent: (string | undefined)[] = [];
    (window as unknown as { __toWorker: typeof sent }).__toWorker = sent;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
      if (message && typeof message === 'object' && 'code' in message) {
        sent.push((message as { language?: string }).language);
      }
      return post.call(this, message, ...rest);
    };
  });
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
  // The code went to the highlighting worker (off the main thread) to be coloured.
  const toWorker = await page.evaluate(
    () => (window as unknown as { __toWorker: (string | undefined)[] }).__toWorker,
  );
  expect(toWorker).toContain('ts');
  const link = answer.getByRole('link', { name: 'HTML living standard' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  await answer.getByRole('button', { name: 'Copy code' }).click();
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('export async function* frames(')).toBe(true);
  expect(copied.endsWith('}')).toBe(true);
});
