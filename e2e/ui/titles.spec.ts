import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { openSidebar } from './sidebar-helpers';

// The test stack names conversations with TITLE_MODEL=vllm:title, which titles a question about
// high tides (in quotes, with a full stop) and leaves every other conversation its first message.

test('after the first answer the model names the conversation, once', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const marker = nonce();
  await send(page, `Why are there two high tides a day? ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tides and the Moon');
  const nav = await openSidebar(page);
  await expect(nav.getByRole('link', { name: 'Tides and the Moon' })).toBeVisible();
  // The title model was asked once, with the question, apart from the chat model.
  const asked = await backendRequests('title', marker);
  expect(asked).toHaveLength(1);
  expect(await backendRequests('chat', marker)).toHaveLength(1);

  // A second answer asks for no new title.
  await send(page, 'And why twice?');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tides and the Moon');
  expect(await backendRequests('title', marker)).toHaveLength(1);
});

test('when the title model gives no title, the first message stays the title', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const first = `Hello there ${nonce()}`;
  await send(page, first);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect.poll(async () => (await backendRequests('title', first)).length).toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
});
