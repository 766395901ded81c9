import { expect, test } from '@playwright/test';
import { E2E_KEYS } from '../../testing/stack/keys';
import { DOWN_APP_URL } from '../../testing/stack/ports';

test('an unreachable backend gets a banner with its URL and how to start vLLM', async ({
  page,
}) => {
  await page.goto(DOWN_APP_URL);
  const banner = page.getByRole('alert').filter({ hasText: 'not reachable' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('http://127.0.0.1:59999/v1');
  await expect(banner).toContainText('vllm serve Qwen/Qwen3-8B --reasoning-parser qwen3');
  await expect(banner).not.toContainText(E2E_KEYS.down);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
});

test('models load again without a reload once the backend is back', async ({ page }) => {
  // The backend is "down" until the routes are removed: the page must poll again by itself.
  await page.route('**/api/health', (route) =>
    route.fulfill({
      status: 503,
      json: {
        status: 'down',
        providers: [
          {
            id: 'vllm',
            label: 'vLLM',
            baseURL: 'http://127.0.0.1:8000/v1',
            reachable: false,
            latency_ms: 3,
          },
        ],
      },
    }),
  );
  await page.route('**/api/models', (route) =>
    route.fulfill({ json: { models: [], default_model: null } }),
  );
  await page.goto('/');
  await expect(page.getByRole('alert').filter({ hasText: 'not reachable' })).toContainText(
    'http://127.0.0.1:8000/v1',
  );
  await expect(page.getByRole('combobox', { name: 'Model: No models' })).toBeDisabled();

  await page.unrouteAll();
  await expect(page.getByRole('alert').filter({ hasText: 'not reachable' })).toBeHidden({
    timeout: 15_000,
  });
  await expect(page.getByRole('combobox', { name: /^Model: / })).toBeEnabled({ timeout: 15_000 });
  // Several providers serve a model called "reasoning": the picker names this one's.
  await expect(page.getByRole('combobox', { name: /^Model: / })).toHaveAccessibleName(
    'Model: reasoning (vllm)',
  );
});
