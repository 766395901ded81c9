import { describe, expect, it } from 'vitest';
import { createSseDecoder, type SseItem } from './sse-decoder';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('createSseDecoder', () => {
  it('stops at a frame that grows past its limit without ending, and reads nothing after', () => {
    const items: SseItem[] = [];
    const decoder = createSseDecoder((item) => items.push(item), 64);
    decoder.push(bytes('data: {"short":1}\n\n'));
    decoder.push(bytes(`data: ${'x'.repeat(50)}`));
    decoder.push(bytes('x'.repeat(50)));
    decoder.push(bytes('\n\ndata: {"after":1}\n\n'));
    decoder.end();
    expect(items).toEqual([{ type: 'data', data: '{"short":1}' }, { type: 'overflow' }]);
  });

  it('reads frames of any length under the limit, however they are cut', () => {
    const items: SseItem[] = [];
    const decoder = createSseDecoder((item) => items.push(item), 64);
    const long = 'y'.repeat(40);
    for (const piece of [`data: ${long.slice(0, 20)}`, `${long.slice(20)}\n`, '\n'])
      decoder.push(bytes(piece));
    decoder.end();
    expect(items).toEqual([{ type: 'data', data: long }]);
  });
});
