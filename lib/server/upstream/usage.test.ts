import { describe, expect, it } from 'vitest';
import { readUsage } from './usage';

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
  it('derives a missing total', () => {
    expect(readUsage({ prompt_tokens: 2, completion_tokens: 3 })?.total_tokens).toBe(5);
  });
  it('is undefined for null or count-less usage', () => {
    expect(readUsage(null)).toBeUndefined();
    expect(readUsage({ foo: 1 })).toBeUndefined();
  });
});
