import { expect, test } from '@playwright/test';
import { chatBody, nonce as apiNonce } from '../support/chat-client';
import { EMBED_MODELS, LIMITS, LIMITS_A_URL } from '../../testing/stack/limits-stack';
import { postAs, randomAddress, randomVisitor } from '../../testing/stack/limits-client';
import { backendRequests, lastAnswer, nonce, openHost, openWidget, send } from './helpers';

// This browser is one visitor address of its own; the widget comes from the limits stack.
const address = randomAddress();
test.use({ extraHTTPHeaders: { 'x-forwarded-for': address } });

test('the widget answers under its limits, and past them says so with the question kept', async ({
  page,
}) => {
  await openHost(page, { app: LIMITS_A_URL });
  const frame = await openWidget(page);

  // No data-model: the widget is locked to the first of EMBED_MODELS.
  expect(EMBED_MODELS[0]).toBe('vllm:chat');
  const first = nonce();
  await send(frame, `Hello ${first}`);
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');
  expect(await backendRequests('chat', first)).toHaveLength(1);

  // Other visitor ids from the same address use up the rest of the minute: the widget is counted
  // as a visitor (its own id) and by its address, and the stricter count wins.
  for (let i = 1; i < LIMITS.embedRpm; i++) {
    const response = await postAs(
      LIMITS_A_URL,
      { address, visitor: randomVisitor() },
      chatBody('vllm:chat', apiNonce(), { max_tokens: 10 }),
    );
    expect(response.status).toBe(200);
    await response.text();
  }

  const second = nonce();
  const text = `Another question ${second}`;
  await send(frame, text);
  await expect(frame.getByRole('alert').filter({ hasText: 'too many messages' })).toHaveText(
    /^You have sent too many messages in a short time\. Try again in \d+ seconds?\.$/,
  );
  await expect(frame.getByRole('textbox', { name: 'Message' })).toHaveValue(text);
  await expect(frame.getByRole('log').locator('article[data-role="user"]')).toHaveCount(1);
  expect(await backendRequests('chat', second)).toHaveLength(0);
});
