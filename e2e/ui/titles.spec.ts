import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';
import { openSidebar } from './sidebar-helpers';

// The test stack names conversations with TITLE_MODEL=vllm:title, whose answer is a title in quotes.

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
