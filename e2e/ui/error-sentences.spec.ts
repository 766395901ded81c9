import { expect, test } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('an error code becomes a sentence with a next step; the detail waits behind "Details"', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:plain-error');
  await send(page, `Busy? ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'error');
  const alert = answer.getByRole('alert');
  await expect(alert).toContainText(
    'The model server is busy (HTTP 503). Try again in a few seconds.',
  );
  // The backend's own words and the code are there for whoever debugs it, not in the way.
  const detail = alert.getByText('Service Unavailable: model is loading');
  await expect(detail).toBeHidden();
  await alert.getByText('Details', { exact: true }).click();
  await expect(detail).toBeVisible();
  await expect(alert.getByText('upstream_http_error')).toBeVisible();
});

test('a failed answer has exactly one retry control, and it asks again', async ({ page }) => {
  const marker = nonce();
  await openApp(page);
  await pickModel(page, 'vllm:http-error');
  await send(page, `Too long ${marker}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'error');
  await expect(answer.getByRole('alert')).toContainText(
    'The conversation is too long for this model (HTTP 400). Start a new chat, or pick a model with a longer context.',
  );
  await expect(answer.getByRole('button', { name: /^(Retry|Regenerate)$/ })).toHaveCount(1);
  await answer.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(async () => (await backendRequests('http-error', marker)).length).toBe(2);
});

test('a stream cut off also offers one retry control only', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:no-done');
  await send(page, `Cut ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'incomplete');
  await expect(answer.getByRole('button', { name: /^(Retry|Regenerate)$/ })).toHaveCount(1);
  await expect(answer.getByText('Details', { exact: true })).toBeVisible();
});
