import { expect, test } from '@playwright/test';
import { chatBody, nonce as apiNonce } from '../support/chat-client';
import { LIMITS, LIMITS_A_URL } from '../../testing/stack/limits-stack';
import { postAs, randomAddress } from '../../testing/stack/limits-client';
import { nonce, send, waitReady } from './helpers';
import { openSidebar } from './sidebar-helpers';

// This browser is one client address of its own on the limits stack.
const address = randomAddress();
test.use({ extraHTTPHeaders: { 'x-forwarded-for': address } });

/** The seconds the limit's sentence says are left. */
async function secondsLeft(notice: ReturnType<import('@playwright/test').Page['getByRole']>) {
  const text = (await notice.textContent()) ?? '';
  return Number(/Try again in (\d+) seconds?\./.exec(text)?.[1] ?? NaN);
}

test('a limit counts down, Send waits for it, the draft stays and no empty chat is left', async ({
  page,
}) => {
  // The minute's requests used up by the same address (each one answered, so each one counted).
  for (let i = 0; i < LIMITS.rpm; i++) {
    const response = await postAs(
      LIMITS_A_URL,
      { address },
      chatBody('vllm:chat', apiNonce(), { max_tokens: 10 }),
    );
    const body = await response.text();
    expect(response.status, body).toBe(200);
  }

  await page.goto(LIMITS_A_URL);
  await waitReady(page);
  const text = `A first question, refused ${nonce()}`;
  const asked = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/chat' && r.request().method() === 'POST',
  );
  await send(page, text);
  // The server refused it for the minute's requests (what the sentence below is about).
  const refusal = await asked;
  expect(refusal.status(), await refusal.text()).toBe(429);

  const notice = page.getByRole('alert').filter({ hasText: 'too many messages' });
  await expect(notice).toContainText(/Try again in \d+ seconds?\./);
  const first = await secondsLeft(notice);
  expect(first).toBeGreaterThan(2);
  // Live: the figure goes down while the page is left alone.
  await expect.poll(() => secondsLeft(notice), { timeout: 5_000 }).toBeLessThan(first);

  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue(text);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.press('Enter');
  await expect(box).toHaveValue(text);
  // The refused first message made no conversation: the address is a new chat's, the list empty.
  expect(new URL(page.url()).pathname).toBe('/');
  const nav = await openSidebar(page);
  await expect(nav.getByRole('link', { name: /New chat|refused/ })).toHaveCount(0);
  await expect(page.getByRole('log').locator('article')).toHaveCount(0);
});
