import { expect, test } from '@playwright/test';
import { readEventStream } from '../../lib/protocol/read-event-stream';
import { backendRecord, chatBody, monotonicNow, nonce, postChat } from '../support/chat-client';

/**
 * Stop for real: the browser's abort must close the upstream connection (vLLM then aborts the
 * request and frees the GPU). Measured against `next start`.
 */
for (const model of ['vllm:slow', 'ark:slow', 'gpu:slow']) {
  test(`aborting ${model} after a few events closes the backend connection`, async () => {
    const marker = nonce();
    const controller = new AbortController();
    const response = await postChat(chatBody(model, marker), { signal: controller.signal });
    let contents = 0;
    let abortedAt = 0;
    try {
      for await (const event of readEventStream(response.body!)) {
        if (event.type === 'content') contents++;
        if (contents === 3 && !abortedAt) {
          abortedAt = monotonicNow();
          controller.abort();
        }
      }
    } catch (error) {
      expect((error as Error).name).toBe('AbortError');
    }
    expect(abortedAt).toBeGreaterThan(0);
    const upstreamModel = model.split(':')[1]!;
    await expect
      .poll(async () => (await backendRecord(upstreamModel, marker))?.outcome, { timeout: 5000 })
      .toBe('client_closed');
    const record = await backendRecord(upstreamModel, marker);
    const delay = record!.monotonic.closedAt! - abortedAt;
    expect(delay).toBeGreaterThanOrEqual(0);
    console.log(
      `[cancellation] ${model}: backend saw the close ${delay.toFixed(1)} ms after the browser aborted`,
    );
    expect(delay).toBeLessThan(1000);
  });
}

test('aborting before the backend answered closes the pending upstream request too', async () => {
  const marker = nonce();
  const controller = new AbortController();
  const response = await postChat(chatBody('vllm:long-prefill', marker), {
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  await reader.read(); // `start`
  await expect
    .poll(async () => (await backendRecord('long-prefill', marker))?.receivedAt)
    .toBeTruthy();
  controller.abort();
  await expect
    .poll(async () => (await backendRecord('long-prefill', marker))?.outcome, { timeout: 5000 })
    .toBe('client_closed');
});
