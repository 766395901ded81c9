import { describe, expect, it } from 'vitest';
import { serverRendered } from './share-markdown';

const answer = (chars: number, reasoning = 0) => ({
  role: 'assistant',
  content: 'a'.repeat(chars),
  ...(reasoning ? { reasoning: 'r'.repeat(reasoning) } : {}),
});
const question = (chars: number) => ({ role: 'user', content: 'q'.repeat(chars) });

describe('serverRendered', () => {
  it('renders answers on the server while their Markdown fits the budget, reasoning included', () => {
    expect(serverRendered([question(5), answer(40), question(5), answer(30, 30)], 100)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(serverRendered([question(5), answer(40), question(5), answer(30, 31)], 100)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('leaves every answer after the first that does not fit to the browser, however small', () => {
    expect(serverRendered([answer(60), answer(60), answer(1)], 100)).toEqual([true, false, false]);
  });

  it('does not count questions: they are plain text', () => {
    expect(serverRendered([question(1000), answer(100)], 100)).toEqual([true, true]);
  });
});
