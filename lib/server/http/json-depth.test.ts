import { describe, expect, it } from 'vitest';
import { createDepthScanner } from './json-depth';

/** The rule the scanner follows, one byte at a time: the reference its jumps must agree with. */
function deeperThan(max: number, chunks: Uint8Array[]): boolean[] {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let over = false;
  return chunks.map((bytes) => {
    for (const b of bytes) {
      if (over) break;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) inString = false;
      } else if (b === 0x22) inString = true;
      else if (b === 0x5b || b === 0x7b) over = ++depth > max;
      else if (b === 0x5d || b === 0x7d) depth--;
    }
    return over;
  });
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['[', ']', '{', '}', '"', '\\', '\\"', '\\\\', 'a', 'é', ',', ':', 'xxxxxxxx'];
const encoder = new TextEncoder();

/** Random text of the pieces that matter, cut into chunks at random bytes. */
function randomChunks(next: () => number): Uint8Array[] {
  const text = Array.from({ length: 1 + Math.floor(next() * 300) }, () => {
    return PIECES[Math.floor(next() * PIECES.length)]!;
  }).join('');
  const bytes = encoder.encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = 1 + Math.floor(next() * 40);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe('createDepthScanner', () => {
  it('agrees with the byte-by-byte rule on random text cut anywhere, escapes and strings included', () => {
    const next = random(22);
    for (let run = 0; run < 2000; run++) {
      const chunks = randomChunks(next);
      const max = Math.floor(next() * 6);
      const scanner = createDepthScanner(max);
      const seen: boolean[] = [];
      let over = false;
      for (const chunk of chunks) {
        over ||= scanner.push(chunk);
        seen.push(over);
      }
      expect(seen, `run ${run}`).toEqual(deeperThan(max, chunks));
    }
  });

  it('ignores brackets inside strings, across chunks and after escaped quotes', () => {
    const scanner = createDepthScanner(1);
    expect(scanner.push(encoder.encode('{"a":"[[[\\"[[['))).toBe(false);
    expect(scanner.push(encoder.encode('{{{\\\\'))).toBe(false);
    // The string ended at the quote after the escaped backslash: these brackets count.
    expect(scanner.push(encoder.encode('",[['))).toBe(true);
  });

  it('carries an escape cut at the end of a chunk into the next', () => {
    const scanner = createDepthScanner(1);
    expect(scanner.push(encoder.encode('["abc\\'))).toBe(false);
    // The quote is escaped: still inside the string, so the bracket does not count.
    expect(scanner.push(encoder.encode('"[[[[x'))).toBe(false);
    expect(scanner.push(encoder.encode('"[['))).toBe(true);
  });
});
