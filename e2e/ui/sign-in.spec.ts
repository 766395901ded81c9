import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCESS_CODE, SECURE_APP_URL } from '../../testing/stack/auth-stack';
import { mintSession } from '../../testing/stack/session-cookie';
import { lastAnswer, nonce, send, waitReady } from './helpers';

test.use({ baseURL: SECURE_APP_URL });

// Several page loads per test (the identity provider's too): more than the default 30 s on a
// loaded two-core machine.
test.describe.configure({ timeout: 60_000 });

/**
 * Each test is its own client address (198.18.0.0/15, for tests), so the sign-in throttle of one
 * never touches another.
 */
test.beforeEach(async ({ context }) => {
  const n = () => Math.floor(Math.random() * 254) + 1;
  await context.setExtraHTTPHeaders({
    'x-forwarded-for': `198.${18 + (n() % 2)}.${n()}.${n()}`,
  });
});

async function signInWithCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a page sends you to sign in, and back where you were after the access code', async ({
  page,
}) => {
  await page.goto('/?from=link');
  await expect(page).toHaveURL(/\/sign-in\?next=%2F%3Ffrom%3Dlink$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Runnel' })).toBeVisible();
  await signInWithCode(page, E2E_ACCESS_CODE);
  await expect(page).toHaveURL(`${SECURE_APP_URL}/?from=link`);
  await waitReady(page);
  await expect(page.getByText('Signed in as team')).toBeVisible();
  // The API works with the session: a whole answer streams in.
  await send(page, `Hello ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
});

test('an empty field is refused in the page and never sent', async ({ page }) => {
  await page.goto('/sign-in');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  const said = page.getByRole('alert').filter({ hasText: 'Enter the access code.' });
  await signInWithCode(page, '');
  await expect(said).toBeVisible();
  await signInWithCode(page, '   ');
  await expect(said).toBeVisible();
  expect(posts).toEqual([]);
});

test('a wrong code is refused and says so', async ({ page }) => {
  await page.goto('/sign-in');
  await signInWithCode(page, 'not the code');
  await expect(page.getByText('That access code is not valid.')).toHaveAttribute('role', 'alert');
  await expect(page.getByLabel('Access code')).toHaveAttribute('aria-invalid', 'true');
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('sign out ends the session', async ({ page, context }) => {
  await page.goto('/');
  await signInWithCode(page, E2E_ACCESS_CODE);
  await waitReady(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('runnel_session');
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('an expired session is no session', async ({ page, context }) => {
  const url = SECURE_APP_URL;
  await context.addCookies([
    { name: 'runnel_session', value: await mintSession({ name: 'team', expiresInS: -60 }), url },
  ]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  // Control: the same cookie, not expired, is a session.
  await context.addCookies([
    { name: 'runnel_session', value: await mintSession({ name: 'team', expiresInS: 600 }), url },
  ]);
  await page.goto('/');
  await waitReady(page);
  await expect(page.getByText('Signed in as team')).toBeVisible();
});

test('the session cookie is httpOnly and SameSite=Lax, not Secure on http', async ({
  page,
  context,
}) => {
  await page.goto('/sign-in');
  await signInWithCode(page, E2E_ACCESS_CODE);
  await waitReady(page);
  const session = (await context.cookies()).find((c) => c.name === 'runnel_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
  expect(session!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
});
