import { describe, expect, it } from 'vitest';
import { answerSpeed, estimateTokens, ttftMs } from './answer-stats';
import { conversationTotals } from './conversation-totals';
import { createAssistantMessage, type AssistantMessage, type Message } from './message';

const usage = (prompt: number, completion: number) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
});

function answer(patch: Partial<AssistantMessage>): AssistantMessage {
  const m = createAssistantMessage('a', 'm', 1000);
  return { ...m, ...patch, timing: { ...m.timing, ...patch.timing } };
}

describe('ttftMs', () => {
  it("is the page's wait, not the server's shorter figure, once both exist", () => {
    const m = answer({
      status: 'complete',
      timing: { sentAt: 1000, firstTokenAt: 1400, serverTtftMs: 90 },
    });
    expect(ttftMs(m)).toBe(400);
  });
  it("uses the server's figure only when the page has none", () => {
    expect(ttftMs(answer({ timing: { sentAt: 1000, serverTtftMs: 90 } }))).toBe(90);
    expect(ttftMs(answer({}))).toBeUndefined();
  });
});

describe('answerSpeed', () => {
  it('runs live from running counts', () => {
    const m = answer({
      usage: usage(5, 20),
      timing: { sentAt: 0, firstTokenAt: 1000, usageAt: 2000 },
    });
    expect(answerSpeed(m)).toEqual({ tokensPerSecond: 20, estimated: false });
  });

  it('estimates from the text while a backend sends no running counts', () => {
    const m = answer({
      content: 'x'.repeat(400),
      timing: { sentAt: 0, firstTokenAt: 1000, textAt: 3000 },
    });
    expect(answerSpeed(m)).toEqual({ tokensPerSecond: 50, estimated: true });
  });

  it("uses the server's clock once done", () => {
    const m = answer({
      status: 'complete',
      usage: usage(5, 100),
      timing: {
        sentAt: 0,
        firstTokenAt: 10,
        endedAt: 20,
        serverTtftMs: 100,
        serverDurationMs: 2100,
      },
    });
    expect(answerSpeed(m)).toEqual({ tokensPerSecond: 50, estimated: false });
  });

  it('says nothing over too short a time', () => {
    const m = answer({ content: 'abc', timing: { sentAt: 0, firstTokenAt: 1000, textAt: 1050 } });
    expect(answerSpeed(m)).toBeUndefined();
  });
});

describe('conversationTotals', () => {
  it('sums tokens and credits, and takes the context from the latest answer', () => {
    const messages: Message[] = [
      { id: 'u1', role: 'user', content: 'a', createdAt: 0 },
      answer({ usage: { ...usage(10, 30), credits_used: 2 } }),
      { id: 'u2', role: 'user', content: 'b', createdAt: 0 },
      answer({ usage: { ...usage(50, 20), credits_used: 3 } }),
      answer({}),
    ];
    expect(conversationTotals(messages)).toEqual({
      totalTokens: 110,
      credits: 5,
      contextTokens: 70,
    });
  });

  it('counts a continued answer once in the context', () => {
    const m = answer({ usage: usage(10 + 40, 30 + 25), priorUsage: usage(10, 30) });
    expect(conversationTotals([m]).contextTokens).toBe(65);
  });

  it('is zero with no usage at all', () => {
    expect(conversationTotals([])).toEqual({ totalTokens: 0 });
  });
});

describe('estimateTokens', () => {
  it('is about four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('abcdefghi')).toBe(3);
  });
});
