import { describe, expect, it } from 'vitest';
import { createBackendShares } from './backend-share';

function clock() {
  let t = 0;
  return { now: () => t, at: (ms: number) => void (t = ms) };
}

describe('backend shares', () => {
  it('gives one answer alone on a backend all of its time', () => {
    const c = clock();
    const shares = createBackendShares(c.now);
    const a = shares.join('gpu');
    c.at(10_000);
    expect(a.end()).toBe(10_000);
  });

  it('halves the time of two answers side by side', () => {
    const c = clock();
    const shares = createBackendShares(c.now);
    const a = shares.join('gpu');
    const b = shares.join('gpu');
    c.at(10_000);
    expect(a.end()).toBe(5_000);
    expect(b.end()).toBe(5_000);
  });

  it('weighs overlapping answers by time: alone counts whole, together half', () => {
    const c = clock();
    const shares = createBackendShares(c.now);
    const a = shares.join('gpu');
    c.at(4_000);
    const b = shares.join('gpu');
    c.at(8_000);
    // a: 4 s alone + 4 s shared with b = 4 + 2.
    expect(a.end()).toBe(6_000);
    c.at(12_000);
    // b: 4 s shared + 4 s alone = 2 + 4.
    expect(b.end()).toBe(6_000);
    // Ending again changes nothing.
    c.at(20_000);
    expect(a.end()).toBe(6_000);
  });

  it('keeps backends apart', () => {
    const c = clock();
    const shares = createBackendShares(c.now);
    const a = shares.join('gpu-a');
    const b = shares.join('gpu-b');
    c.at(3_000);
    expect(a.end()).toBe(3_000);
    expect(b.end()).toBe(3_000);
  });
});
