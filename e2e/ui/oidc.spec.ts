import { expect, test, type Page } from '@playwright/test';
import { OIDC_BUTTON, OIDC_ISSUER_URL, SECURE_APP_URL } from '../../testing/stack/auth-stack';
import { waitReady } from './helpers';

test.use({ baseURL: SECURE_APP_URL });

// Several page loads per test (the identity provider's too): more than the default 30 s on a
// loaded two-core machine.
test.describe.configure({ timeout: 60_000 });

/** From the app's sign-in page through the test provider's own page, as `username`. */
async function signInAt(page: Page, username: string): Promise<void> {
  await page.goto('/?via=oidc');
  await page.getByRole('button', { name: OIDC_BUTTON }).click();
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER_URL}/interaction/`));
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('signs in with the OpenID provider and comes back where it started', async ({ page }) => {
  await signInAt(page, 'ada');
  await expect(page).toHaveURL(`${SECURE_APP_URL}/?via=oidc`);
  await waitReady(page);
  await expect(page.getByText('Signed in as Ada Lovelace')).toBeVisible();
});

test('an account whose email is not allowed is refused', async ({ page }) => {
  await signInAt(page, 'eve');
  await expect(page).toHaveURL(/\/sign-in\?error=oidc-email/);
  await expect(page.getByText('This account is not allowed to sign in here.')).toHaveAttribute(
    'role',
    'alert',
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test("an answer to another sign-in's state is refused", async ({ page, context }) => {
  // Two sign-ins in one browser: the first tab's answer carries a state this browser no longer
  // expects (the second one replaced it), as an answer planted by someone else would.
  await page.goto('/sign-in');
  await page.getByRole('button', { name: OIDC_BUTTON }).click();
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER_URL}/interaction/`));
  const second = await context.newPage();
  await second.goto('/sign-in');
  await second.getByRole('button', { name: OIDC_BUTTON }).click();
  await expect(second).toHaveURL(new RegExp(`^${OIDC_ISSUER_URL}/interaction/`));
  await page.getByLabel('Username').fill('ada');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sign-in\?error=oidc-state/);
  await expect(page.getByText(/expired or was already used/)).toHaveAttribute('role', 'alert');
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a replayed answer signs nobody in', async ({ page, browser }) => {
  let callback = '';
  page.on('request', (request) => {
    if (request.url().includes('/auth/oidc/callback?')) callback = request.url();
  });
  await signInAt(page, 'ada');
  await waitReady(page);
  expect(callback).toContain('state=');
  // Another browser replays the provider's answer (a leaked URL); the first one replays it too.
  const other = await browser.newContext({ baseURL: SECURE_APP_URL });
  const replay = await other.newPage();
  await replay.goto(callback);
  await expect(replay).toHaveURL(/\/sign-in\?error=oidc-state/);
  await replay.goto('/');
  await expect(replay).toHaveURL(/\/sign-in/);
  await other.close();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out once the sign-in page is there (the sign-out clears this user's local copy first).
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(callback);
  await expect(page).toHaveURL(/\/sign-in\?error=oidc-state/);
});

test('sign out ends an OpenID session', async ({ page }) => {
  await signInAt(page, 'ada');
  await waitReady(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});
