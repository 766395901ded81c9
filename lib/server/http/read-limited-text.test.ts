import { describe, expect, it } from 'vitest';
import { readBoundedText, readLimitedText } from './read-limited-text';

/** A body sent in reads of `size` bytes; counts how many were pulled. */
function body(reads: number, size: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === reads) return controller.close();
      pulled++;
      controller.enqueue(new TextEncoder().encode('é'.repeat(size / 2)));
    },
  });
  return { response: new Response(stream), pulled: () => pulled };
}

describe('readBoundedText', () => {
  it('reads a body within the bound whole, multi-byte characters included', async () => {
    expect(await readBoundedText(body(3, 10).response, 100)).toBe('é'.repeat(15));
  });

  it('gives up on a longer body without reading it to the end', async () => {
    const long = body(1000, 10);
    expect(await readBoundedText(long.response, 100)).toBeUndefined();
    expect(long.pulled()).toBeLessThan(20);
  });
});

describe('readLimitedText', () => {
  it('keeps the start of a long error body', async () => {
    const text = await readLimitedText(body(10_000, 1000).response);
    expect(text.length).toBeGreaterThan(8000);
    expect(text.length).toBeLessThan(10_000);
  });
});

describe('readBoundedText at its bound', () => {
  it('takes a body of exactly the bound as whole', async () => {
    expect(await readBoundedText(body(10, 10).response, 100)).toBe('é'.repeat(50));
    expect(await readBoundedText(body(11, 10).response, 100)).toBeUndefined();
  });
});
