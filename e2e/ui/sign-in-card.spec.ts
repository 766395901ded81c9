import { expect, test } from '@playwright/test';
import { SECURE_APP_URL } from '../../testing/stack/auth-stack';

test.use({ baseURL: SECURE_APP_URL });

test('the sign-in card names the product, says who to ask, and names the identity provider', async ({
  page,
}) => {
  await page.goto('/sign-in');
  const card = page.getByRole('main');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Sign in to Runnel');
  // The mark is drawn in the page (every other address redirects here before sign-in).
  await expect(card.locator('svg rect')).toHaveAttribute('fill', '#0f766e');
  await expect(card).toContainText('Ask the test team for an access code.');
  await expect(card.getByRole('button', { name: 'Sign in with Test ID' })).toBeVisible();
});
