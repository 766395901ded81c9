import { describe, expect, it } from 'vitest';
import { promptProgress, readTimings, readUsage } from './usage';

describe('readUsage', () => {
  it('flattens details and provider credits', () => {
    expect(
      readUsage({
        prompt_tokens: 26,
        completion_tokens: 14,
        total_tokens: 40,
        prompt_tokens_details: { cached_tokens: 3 },
        completion_tokens_details: { reasoning_tokens: 9 },
        credits_used: 7,
        credit_balance: 4999993,
      }),
    ).toEqual({
      prompt_tokens: 26,
      completion_tokens: 14,
      total_tokens: 40,
      cached_tokens: 3,
      reasoning_tokens: 9,
      credits_used: 7,
      credit_balance: 4999993,
    });
  });
  it("reads DeepSeek's cache hits and OpenRouter's cost in credits", () => {
    expect(
      readUsage({
        prompt_tokens: 1200,
        completion_tokens: 40,
        total_tokens: 1240,
        prompt_cache_hit_tokens: 1024,
        prompt_cache_miss_tokens: 176,
      }),
    ).toEqual({
      prompt_tokens: 1200,
      completion_tokens: 40,
      total_tokens: 1240,
      cached_tokens: 1024,
    });
    expect(
      readUsage({
        prompt_tokens: 194,
        completion_tokens: 2,
        total_tokens: 196,
        cost: 0.95,
        cost_details: { upstream_inference_cost: 19 },
        prompt_tokens_details: { cached_tokens: 0 },
      }),
    ).toEqual({
      prompt_tokens: 194,
      completion_tokens: 2,
      total_tokens: 196,
      cached_tokens: 0,
      credits_used: 0.95,
    });
  });
  it('derives a missing total', () => {
    expect(readUsage({ prompt_tokens: 2, completion_tokens: 3 })?.total_tokens).toBe(5);
  });
  it('is undefined for null or count-less usage', () => {
    expect(readUsage(null)).toBeUndefined();
    expect(readUsage({ foo: 1 })).toBeUndefined();
  });
});

describe('readTimings', () => {
  it("reads llama.cpp's running counts, its prompt cache included in the prompt", () => {
    expect(
      readTimings({ cache_n: 4, prompt_n: 20, prompt_ms: 12, predicted_n: 7, predicted_ms: 80 }),
    ).toEqual({ prompt_tokens: 24, completion_tokens: 7, total_tokens: 31, cached_tokens: 4 });
    expect(readTimings({ prompt_n: 20, predicted_n: 1 })).toEqual({
      prompt_tokens: 20,
      completion_tokens: 1,
      total_tokens: 21,
    });
  });

  it('is undefined without both counts, or before the first token', () => {
    expect(readTimings(undefined)).toBeUndefined();
    expect(readTimings({ prompt_n: 0, predicted_n: 0 })).toBeUndefined();
    expect(readTimings({ prompt_n: 3 })).toBeUndefined();
  });
});

describe('promptProgress', () => {
  it('says how much of the prompt llama.cpp has read, leaving out what its cache held', () => {
    expect(promptProgress({ total: 1000, cache: 200, processed: 600, time_ms: 80 })).toBe(
      'Reading the prompt — 50 %',
    );
    expect(promptProgress({ total: 1000, cache: 0, processed: 0 })).toBe(
      'Reading the prompt — 0 %',
    );
    expect(promptProgress({ total: 10, cache: 10, processed: 10 })).toBeUndefined();
    expect(promptProgress({ total: 300, cache: 100, processed: 150 })).toBeUndefined();
    expect(promptProgress(undefined)).toBeUndefined();
  });
});
