import { expect, test, type Page } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

// The scenario backend counts a prompt's words; its vLLM models have a 32,768-token context.
const LONG_TURN = 'alpha '.repeat(24_000);
const NEXT = 'beta '.repeat(8_000);

/** A conversation whose first turn takes most of the context, and a draft that tips it over. */
async function outgrown(page: Page): Promise<{ first: string; marker: string; draft: string }> {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const first = nonce();
  await send(page, `${first} ${LONG_TURN}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const marker = nonce();
  const draft = `${marker} ${NEXT}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(draft);
  return { first, marker, draft };
}

test('over the context: said before sending, by how much; the oldest turns can be left out', async ({
  page,
}) => {
  const { first, marker } = await outgrown(page);
  const notice = page.getByRole('status').filter({ hasText: 'no longer fits' });
  await expect(notice).toContainText(
    /about [\d,]+ tokens with room for the answer, [\d,]+ over its 32,768\./,
  );

  await notice.getByRole('button', { name: 'Leave out the oldest turns' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'left out' })).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const [request] = await backendRequests('chat', marker);
  expect(request?.body.messages?.map((m) => m.role)).toEqual(['user']);
  expect(JSON.stringify(request?.body)).not.toContain(first);
  // The conversation itself keeps every turn.
  await expect(page.getByRole('log').locator('article')).toHaveCount(4);
});

test('over the context: a new chat carries a summary and the unsent message', async ({ page }) => {
  const { first, marker, draft } = await outgrown(page);
  const notice = page.getByRole('status').filter({ hasText: 'no longer fits' });
  await notice.getByRole('button', { name: 'New chat with a summary' }).click();

  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue(draft);
  await expect(page.getByRole('log').locator('article')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/');
  // The model was asked for the summary, with the conversation.
  const asked = (await backendRequests('chat', first)).at(-1);
  expect(JSON.stringify(asked?.body.messages?.at(-1))).toContain('Summarise our conversation');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const [request] = await backendRequests('chat', marker);
  const system = request?.body.messages?.[0];
  expect(system?.role).toBe('system');
  expect(String(system?.content)).toContain('A summary of an earlier conversation');
  expect(JSON.stringify(request?.body)).not.toContain(first);
});
