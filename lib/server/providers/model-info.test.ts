import { describe, expect, it } from 'vitest';
import { thinksFirst } from './model-info';

describe('thinksFirst', () => {
  it('guesses from the id, and configuration decides either way', () => {
    for (const id of [
      'Qwen/QwQ-32B',
      'deepseek-ai/DeepSeek-R1-Distill-Qwen-7B',
      'Qwen/Qwen3-4B-Thinking-2507',
    ])
      expect(thinksFirst(id)).toBe(true);
    for (const id of ['Qwen/Qwen3-8B', 'deepseek-chat', 'gpt-oss-20b'])
      expect(thinksFirst(id)).toBe(false);
    expect(thinksFirst('Qwen/QwQ-32B', false)).toBe(false);
    expect(thinksFirst('my-finetune', true)).toBe(true);
  });
});
