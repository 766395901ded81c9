import { describe, expect, it } from 'vitest';
import { usageRow } from './record-usage';

const ada = {
  kind: 'user',
  key: 'code:ada',
  name: 'ada',
  method: 'access-code',
  address: '127.0.0.1',
} as const;

describe('usageRow', () => {
  it('keeps the final tokens and the cost of an answer that completed', () => {
    expect(
      usageRow(
        ada,
        'priced:chat',
        {
          requestId: 'chat_1',
          outcome: 'done',
          ttftMs: 10,
          durationMs: 20,
          usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
          cost: { amount: 0.01, currency: 'USD', tokens: 0.01 },
        },
        1000,
      ),
    ).toEqual({
      request_id: 'chat_1',
      user_key: 'code:ada',
      user_name: 'ada',
      model: 'priced:chat',
      outcome: 'done',
      prompt_tokens: 5,
      completion_tokens: 7,
      cost: 0.01,
      currency: 'USD',
      at: 1000,
    });
  });

  it('counts an answer stopped before any usage as no tokens and no price, never a guess', () => {
    const row = usageRow(
      ada,
      'vllm:chat',
      { requestId: 'chat_2', outcome: 'stopped', ttftMs: null, durationMs: 5 },
      1000,
    );
    expect(row).toMatchObject({ outcome: 'stopped', prompt_tokens: 0, completion_tokens: 0 });
    expect(row.cost).toBeNull();
    expect(row.currency).toBeNull();
  });
});
