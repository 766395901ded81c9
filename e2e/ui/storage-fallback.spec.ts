import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test('without IndexedDB the app says so and keeps working in memory', async ({ page }) => {
  // Private modes and locked-down browsers: indexedDB.open throws.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException(
          'The user denied permission to access the database.',
          'SecurityError',
        );
      },
    });
  });
  await openApp(page);
  await expect(page.getByRole('alert').filter({ hasText: 'kept in memory' })).toBeVisible();
  await pickModel(page, 'vllm:chat');
  await send(page, `Still works ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'kept in memory' })).toBeHidden();
});
