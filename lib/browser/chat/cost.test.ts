import { describe, expect, it } from 'vitest';
import { applyEvent } from './apply-event';
import { conversationCost } from './conversation-cost';
import { isAnswerCost, messageCost, sumCost } from './cost';
import { createAssistantMessage, type AssistantMessage } from './message';

const eur = (amount: number, parts: { tokens?: number; gpu?: number } = {}) => ({
  amount,
  currency: 'EUR',
  ...parts,
});

function answer(patch: Partial<AssistantMessage>): AssistantMessage {
  return { ...createAssistantMessage('a', 'm', 1000), ...patch };
}

describe('answer cost in the browser', () => {
  it("keeps the server's figure from done; a Continue run's adds to the earlier ones", () => {
    const first = applyEvent(answer({}), { type: 'done', cost: eur(0.01, { gpu: 0.01 }) }, 2000);
    expect(messageCost(first.costs)).toEqual(eur(0.01, { gpu: 0.01 }));
    const continued = { ...first, status: 'streaming' as const };
    const second = applyEvent(continued, { type: 'done', cost: eur(0.02, { gpu: 0.02 }) }, 3000);
    expect(messageCost(second.costs)).toEqual(eur(0.03, { gpu: 0.03 }));
  });

  it('has no figure without prices, and no sum across currencies', () => {
    expect(applyEvent(answer({}), { type: 'done' }, 2000).costs).toBeUndefined();
    expect(sumCost(eur(1), { amount: 1, currency: 'USD' })).toBeUndefined();
    expect(messageCost([eur(1), { amount: 1, currency: 'USD' }, eur(1)])).toBeUndefined();
  });

  it('totals a conversation in its currency, and gives none for mixed currencies', () => {
    const priced = [answer({ costs: [eur(0.25)] }), answer({}), answer({ costs: [eur(0.5)] })];
    expect(conversationCost(priced)).toEqual({ cost: 0.75, currency: 'EUR' });
    const mixed = [...priced, answer({ costs: [{ amount: 1, currency: 'USD' }] })];
    expect(conversationCost(mixed)).toEqual({});
    expect(conversationCost([answer({})])).toEqual({});
  });

  it('refuses a malformed imported cost (a currency Intl would throw on)', () => {
    expect(isAnswerCost(eur(1))).toBe(true);
    expect(isAnswerCost({ amount: 1, currency: 'euro' })).toBe(false);
    expect(isAnswerCost({ amount: '1', currency: 'EUR' })).toBe(false);
  });
});
