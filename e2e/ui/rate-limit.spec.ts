import { expect, test } from '@playwright/test';
import { chatBody, nonce as apiNonce } from '../support/chat-client';
import { LIMITS, LIMITS_A_URL } from '../../testing/stack/limits-stack';
import { postAs, randomAddress } from '../../testing/stack/limits-client';
import { backendRequests, nonce, send, waitReady } from './helpers';

// This browser is one client address of its own on the limits stack.
const address = randomAddress();
test.use({ extraHTTPHeaders: { 'x-forwarded-for': address } });

test('a refused message (429) is one sentence saying when to try again, and stays in the composer', async ({
  page,
}) => {
  // The minute's requests used up by the same address.
  for (let i = 0; i < LIMITS.rpm; i++)
    await (
      await postAs(LIMITS_A_URL, { address }, chatBody('vllm:chat', apiNonce(), { max_tokens: 10 }))
    ).text();

  await page.goto(LIMITS_A_URL);
  await waitReady(page);
  const marker = nonce();
  const text = `A question that must not be lost ${marker}`;
  await send(page, text);

  const notice = page.getByRole('alert').filter({ hasText: 'too many messages' });
  await expect(notice).toHaveText(
    /^You have sent too many messages in a short time\. Try again in \d+ seconds?\.$/,
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(text);
  // The question was not added to the conversation, and no answer failed in its place.
  await expect(page.getByRole('log').locator('article')).toHaveCount(0);
  expect(await backendRequests('reasoning', marker)).toHaveLength(0);
});
