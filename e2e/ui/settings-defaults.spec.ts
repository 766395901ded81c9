import { expect, test, type Page } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, reloadApp, send } from './helpers';

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /^Conversation settings/ }).click();
  return page.getByRole('dialog');
}

test('defaults for new chats: custom instructions saved once start every new chat', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const rule = `Answer briefly ${nonce()}`;
  let dialog = await openSettings(page);
  await dialog.getByRole('textbox', { name: 'System prompt' }).fill(rule);
  await dialog.getByRole('button', { name: 'Use for new chats' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const first = nonce();
  await send(page, `First chat ${first}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  // A chat with the defaults has no mark.
  await expect(page.getByRole('button', { name: 'Conversation settings' })).toBeVisible();

  await page.getByRole('button', { name: 'New chat' }).click();
  const second = nonce();
  await send(page, `Second chat ${second}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  for (const marker of [first, second]) {
    const [request] = await backendRequests('chat', marker);
    expect(request?.body.messages?.[0]).toEqual({ role: 'system', content: rule });
  }

  // A chat's own setting marks the header.
  dialog = await openSettings(page);
  await dialog.getByRole('checkbox', { name: 'Use the model’s default' }).uncheck();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(
    page.getByRole('button', { name: 'Conversation settings (this chat has its own)' }),
  ).toBeVisible();

  // The defaults stay for the next visit.
  await reloadApp(page);
  await page.getByRole('button', { name: 'New chat' }).click();
  dialog = await openSettings(page);
  await expect(dialog.getByRole('textbox', { name: 'System prompt' })).toHaveValue(rule);
});

test('temperature says "Model default" only when it is; max tokens stay within the model', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const dialog = await openSettings(page);
  const slider = dialog.getByRole('slider', { name: 'Temperature' });
  const auto = dialog.getByRole('checkbox', { name: 'Use the model’s default' });
  await expect(dialog.getByText('Model default')).toBeVisible();
  await expect(slider).toBeDisabled();

  await auto.uncheck();
  await expect(slider).toBeEnabled();
  await expect(dialog.getByText('Model default')).toHaveCount(0);
  await expect(dialog.getByText('0.70')).toBeVisible();
  await slider.fill('1.2');
  await expect(dialog.getByText('1.20')).toBeVisible();
  await auto.check();
  await expect(dialog.getByText('Model default')).toBeVisible();

  // The server caps answers at 4,096 tokens (its default), under the model's 32k context.
  const max = dialog.getByRole('spinbutton', { name: 'Max tokens' });
  await max.fill('99999');
  await expect(max).toHaveValue('4096');
  await expect(dialog).toContainText('up to 4,096 for this model');
});
