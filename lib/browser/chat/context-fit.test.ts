import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../protocol/chat-request';
import { calibration, fitMessages, messagesTokens } from './context-fit';

const words = (n: number) => 'word '.repeat(n);
const turn = (q: string, a: string): ChatMessage[] => [
  { role: 'user', content: q },
  { role: 'assistant', content: a },
];

describe('fitting a conversation in the context', () => {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'Be brief.' },
    ...turn(`first ${words(400)}`, words(400)),
    ...turn(`second ${words(40)}`, words(40)),
    { role: 'user', content: 'third' },
  ];

  it('leaves everything when it fits', () => {
    expect(fitMessages(messages, 10_000)).toEqual(messages);
  });

  it('drops whole turns, oldest first, keeping the system prompt and the question', () => {
    const fitted = fitMessages(messages, 200);
    expect(fitted.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(fitted[1]?.content).toMatch(/^second/);
    expect(messagesTokens(fitted)).toBeLessThanOrEqual(200);
  });

  it('keeps at least the last message', () => {
    expect(fitMessages(messages, 1).map((m) => m.content)).toEqual(['Be brief.', 'third']);
  });

  it('uses the conversation’s own ratio of counted to estimated tokens', () => {
    expect(calibration(undefined, 100)).toBe(1);
    expect(calibration(200, 100)).toBe(2);
    expect(calibration(10_000, 100)).toBe(4);
    // Twice as many tokens as estimated: the second turn no longer fits in 200.
    expect(fitMessages(messages, 200, 2).map((m) => m.role)).toEqual(['system', 'user']);
  });
});
