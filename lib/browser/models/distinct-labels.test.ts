import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../protocol/api-shapes';
import { distinctLabels } from './distinct-labels';

const model = (id: string, label: string): ModelInfo => ({
  id,
  label,
  provider: 'p',
  kind: 'chat',
});

describe('distinctLabels', () => {
  it('adds the id only where two labels are the same', () => {
    const models = [model('a:chat', 'chat'), model('b:chat', 'chat'), model('a:big', 'Big')];
    expect([...distinctLabels(['a:chat', 'b:chat', 'a:big', 'gone:x'], models)]).toEqual([
      ['a:chat', 'chat (a:chat)'],
      ['b:chat', 'chat (b:chat)'],
      ['a:big', 'Big'],
      ['gone:x', 'gone:x'],
    ]);
    expect(distinctLabels(['a:chat', 'a:big'], models).get('a:chat')).toBe('chat');
  });
});
