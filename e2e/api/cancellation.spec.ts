import { expect, test } from '@playwright/test';
import { readEventStream } from '../../lib/protocol/read-event-stream';
import { backendRecord, chatBody, monotonicNow, nonce, postChat } from '../support/chat-client';
import { startResumable, stopAnswer } from '../support/resume-client';

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
    console.log(
      `[cancellation] ${model}: backend saw the close ${delay.toFixed(1)} ms after the browser aborted`,
    );
    expect(delay).toBeLessThan(1000);
  });
}

/**
 * The backend in a long prefill (vLLM sends nothing between its headers and the first token): no
 * write of its own will find the connection gone, so only the upstream abort closes it. Both ways
 * an answer is stopped must close it before the backend's first token; the delay is printed (a few
 * ms on a quiet machine). The ceiling is the other cancellation tests' second, not a race: on a
 * machine whose cores are busy elsewhere the close still comes within tens of milliseconds.
 */
async function silentPrefill(marker: string): Promise<void> {
  await expect
    .poll(async () => (await backendRecord('long-prefill', marker))?.receivedAt)
    .toBeTruthy();
}

async function closedWithin(marker: string, since: number): Promise<number> {
  await expect
    .poll(async () => (await backendRecord('long-prefill', marker))?.outcome, { timeout: 5000 })
    .toBe('client_closed');
  const record = await backendRecord('long-prefill', marker);
  // Closed in its 1.2 s silence, before its first token: the close is the abort's doing.
  expect(record!.monotonic.firstByteAt).toBeUndefined();
  return record!.monotonic.closedAt! - since;
}

test('a disconnect during a silent prefill closes the upstream before the first token', async () => {
  const marker = nonce();
  const controller = new AbortController();
  const response = await postChat(chatBody('vllm:long-prefill', marker), {
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  await reader.read(); // `start`
  await silentPrefill(marker);
  const abortedAt = monotonicNow();
  controller.abort();
  const delay = await closedWithin(marker, abortedAt);
  console.log(`[cancellation] disconnect in a prefill: closed ${delay.toFixed(1)} ms after`);
  expect(delay).toBeLessThan(1000);
});

test('POST /api/chat/{id}/stop during a silent prefill closes the upstream before the first token', async () => {
  const marker = nonce();
  const started = await startResumable('vllm:long-prefill', marker);
  await silentPrefill(marker);
  const stoppedAt = monotonicNow();
  expect((await stopAnswer(started.requestId, started.token)).status).toBe(204);
  const delay = await closedWithin(marker, stoppedAt);
  console.log(`[cancellation] Stop in a prefill: closed ${delay.toFixed(1)} ms after`);
  expect(delay).toBeLessThan(1000);
  await started.body.cancel();
});
