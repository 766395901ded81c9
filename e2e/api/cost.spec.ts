import { expect, test } from '@playwright/test';
import type { RunnelEvent } from '../../lib/protocol/events';
import { backendRecord, chat, chatBody, nonce } from '../support/chat-client';
import { metricValue } from '../support/metrics';

// Prices of the test providers file (e2e/providers.e2e.json): `priced:chat` has its own price,
// `priced:default-price` takes its provider's, `gpu-priced` pays 36 an hour for each of 2 GPUs.
const CHAT_PRICE = { input: 400, output: 1600, per: 1_000_000 };
const PROVIDER_PRICE = { input: 2.5, output: 10, per: 1_000_000 };
const GPU_PER_MS = (36 * 2) / 3_600_000;

const doneOf = (events: RunnelEvent[]) => {
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`the answer ended with ${done?.type}`);
  return done;
};
const finalUsage = (events: RunnelEvent[]) => {
  const usage = events.findLast((e) => e.type === 'usage');
  if (usage?.type !== 'usage') throw new Error('no usage');
  return usage.usage;
};

test.describe('answer cost', () => {
  // The GPU tests share one backend's time: run one at a time.
  test.describe.configure({ mode: 'serial' });

  test("prices an answer's tokens at its model's price, else its provider's", async () => {
    for (const [model, price, currency] of [
      ['priced:chat', CHAT_PRICE, 'USD'],
      ['priced:default-price', PROVIDER_PRICE, 'EUR'],
    ] as const) {
      const { events } = await chat(chatBody(model, nonce()));
      const usage = finalUsage(events);
      expect(usage.prompt_tokens).toBeGreaterThan(0);
      const expected =
        (usage.prompt_tokens * price.input + usage.completion_tokens * price.output) / price.per;
      const { cost } = doneOf(events);
      expect(cost).toEqual({ amount: expect.any(Number), currency, tokens: expect.any(Number) });
      expect(cost!.tokens).toBeCloseTo(expected, 12);
      expect(cost!.amount).toBeCloseTo(expected, 12);
    }
  });

  test('gives no cost where no price is configured', async () => {
    const { events } = await chat(chatBody('vllm:chat', nonce()));
    expect(finalUsage(events).completion_tokens).toBeGreaterThan(0);
    expect(doneOf(events)).not.toHaveProperty('cost');
  });

  test('halves the GPU cost of two answers streaming side by side', async () => {
    const before = await metricValue('runnel_cost_total', { provider: 'gpu-priced', kind: 'gpu' });
    const [a, b] = [nonce('a'), nonce('b')];
    const [ea, eb] = await Promise.all([
      chat(chatBody('gpu-priced:counting', a)),
      chat(chatBody('gpu-priced:counting', b)),
    ]);
    const ra = (await backendRecord('counting', a))!.monotonic;
    const rb = (await backendRecord('counting', b))!.monotonic;
    // Hand-computed from the backend's own times: alone the whole rate, together half of it.
    const overlap = Math.min(ra.closedAt!, rb.closedAt!) - Math.max(ra.receivedAt, rb.receivedAt);
    expect(overlap).toBeGreaterThan(2_000);
    const share = (r: typeof ra) => r.closedAt! - r.receivedAt - overlap / 2;
    for (const [events, record] of [
      [ea.events, ra],
      [eb.events, rb],
    ] as const) {
      const { cost } = doneOf(events);
      expect(cost).toMatchObject({ currency: 'EUR' });
      expect(cost).not.toHaveProperty('tokens');
      const alone = (record.closedAt! - record.receivedAt) * GPU_PER_MS;
      // Within 150 ms of GPU time of the hand-computed figure (the app's and the backend's
      // clocks start and stop a few milliseconds apart), and well under the answer alone.
      expect(Math.abs(cost!.gpu! - share(record) * GPU_PER_MS)).toBeLessThan(150 * GPU_PER_MS);
      expect(cost!.gpu!).toBeLessThan(alone * 0.6);
      expect(cost!.amount).toBe(cost!.gpu);
    }
    const total = doneOf(ea.events).cost!.gpu! + doneOf(eb.events).cost!.gpu!;
    await expect
      .poll(() => metricValue('runnel_cost_total', { provider: 'gpu-priced', kind: 'gpu' }))
      .toBeCloseTo(before + total, 9);
  });

  test('charges an answer alone on its GPUs the whole time', async () => {
    const marker = nonce('alone');
    const { events } = await chat(chatBody('gpu-priced:counting', marker));
    const r = (await backendRecord('counting', marker))!.monotonic;
    const expected = (r.closedAt! - r.receivedAt) * GPU_PER_MS;
    expect(expected).toBeGreaterThan(2_000 * GPU_PER_MS);
    expect(Math.abs(doneOf(events).cost!.gpu! - expected)).toBeLessThan(150 * GPU_PER_MS);
  });
});
