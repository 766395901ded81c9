import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from '../config/providers-config';
import { answerCost, createCostMeter, gpuCost, pricingFor, tokenCost } from './answer-cost';
import { createBackendShares } from './backend-share';

const EUR = { input: 2, output: 6, per: 1_000_000, currency: 'EUR' };
const usage = (prompt: number, completion: number, cached?: number) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  ...(cached !== undefined ? { cached_tokens: cached } : {}),
});

describe('token cost', () => {
  it('multiplies tokens by the prices per `per` tokens', () => {
    // (1000 × 2 + 500 × 6) / 1e6 = 5000 / 1e6
    expect(tokenCost(usage(1000, 500), EUR)).toBe(0.005);
  });

  it('prices cached prompt tokens at cachedInput', () => {
    // (600 × 2 + 400 × 0.5 + 500 × 6) / 1e6 = (1200 + 200 + 3000) / 1e6
    expect(tokenCost(usage(1000, 500, 400), { ...EUR, cachedInput: 0.5 })).toBe(0.0044);
    // Without cachedInput, cached tokens cost what the others do.
    expect(tokenCost(usage(1000, 500, 400), EUR)).toBe(0.005);
  });

  it('has no figure without input and output prices', () => {
    expect(tokenCost(usage(1000, 500), { per: 1_000_000, currency: 'EUR' })).toBeUndefined();
  });
});

describe('GPU cost', () => {
  it('is the share of time × GPUs × the hourly cost', () => {
    // 10 s = 1/360 h; × 2 GPUs × 3.6 = 0.02
    expect(gpuCost(10_000, { hourly: 3.6, gpus: 2 })).toBe(0.02);
  });
});

describe('answer cost', () => {
  const pricing = { price: EUR, gpu: { hourly: 3.6, gpus: 2 }, currency: 'EUR' };

  it('adds tokens and GPU time', () => {
    expect(answerCost(pricing, usage(1000, 500), 10_000)).toEqual({
      amount: 0.025,
      currency: 'EUR',
      tokens: 0.005,
      gpu: 0.02,
    });
  });

  it('gives no figure when nothing can be priced', () => {
    expect(answerCost({ price: EUR, currency: 'EUR' }, undefined, undefined)).toBeUndefined();
  });

  it('halves the GPU cost of each of two answers streaming at once', async () => {
    let t = 0;
    const shares = createBackendShares(() => t);
    const gpuOnly = { gpu: { hourly: 3.6, gpus: 2 }, currency: 'EUR' };
    const fetch = (() => Promise.resolve(new Response('ok'))) as typeof globalThis.fetch;
    const a = createCostMeter(gpuOnly, 'gpu', shares);
    const b = createCostMeter(gpuOnly, 'gpu', shares);
    await a.watch(fetch)('http://gpu.test');
    await b.watch(fetch)('http://gpu.test');
    t = 10_000;
    // Alone, 10 s would cost 0.02; side by side each pays half.
    expect(a.finish(undefined)).toEqual({ amount: 0.01, currency: 'EUR', gpu: 0.01 });
    expect(b.finish(undefined)).toEqual({ amount: 0.01, currency: 'EUR', gpu: 0.01 });
  });

  it('starts GPU time at the first request, not while the answer waits in line', async () => {
    let t = 0;
    const meter = createCostMeter(
      { gpu: { hourly: 3.6, gpus: 1 }, currency: 'EUR' },
      'gpu',
      createBackendShares(() => t),
    );
    const fetch = meter.watch((() => Promise.resolve(new Response())) as typeof globalThis.fetch);
    t = 50_000;
    await fetch('http://gpu.test');
    t = 60_000;
    // 10 s on one GPU at 3.6 an hour.
    expect(meter.finish(undefined)?.gpu).toBe(0.01);
  });
});

describe('pricing for a model', () => {
  const provider = {
    id: 'p',
    models: [{ id: 'own', price: { ...EUR, currency: 'USD', input: 1, output: 1 } }, { id: 'x' }],
    price: EUR,
  } as unknown as ProviderConfig;

  it("takes the model's price over its provider's", () => {
    expect(pricingFor(provider, 'own')?.currency).toBe('USD');
    expect(pricingFor(provider, 'x')).toEqual({ price: EUR, currency: 'EUR' });
  });

  it('is absent without prices', () => {
    expect(pricingFor({ ...provider, price: undefined } as ProviderConfig, 'x')).toBeUndefined();
  });
});
