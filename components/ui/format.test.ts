import { describe, expect, it } from 'vitest';
import { formatThinkingTime } from './format';
import { formatCompact } from './format-compact';

describe('formatCompact', () => {
  it('keeps small counts whole and shortens large ones', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(3200)).toBe('3.2k');
    expect(formatCompact(3000)).toBe('3k');
    expect(formatCompact(32_768)).toBe('33k');
    expect(formatCompact(1_250_000)).toBe('1.3M');
  });
  it('names context windows in units of 1,024', () => {
    expect(formatCompact(8192, 1024)).toBe('8k');
    expect(formatCompact(3277, 1024)).toBe('3.2k');
    expect(formatCompact(32_768, 1024)).toBe('32k');
  });
});

describe('formatThinkingTime', () => {
  it('never says 0.0 s, and rounds to what a reader cares about', () => {
    expect(formatThinkingTime(12)).toBe('under 1 s');
    expect(formatThinkingTime(949)).toBe('under 1 s');
    expect(formatThinkingTime(950)).toBe('1 s');
    expect(formatThinkingTime(3_450)).toBe('3 s');
    expect(formatThinkingTime(59_400)).toBe('59 s');
    expect(formatThinkingTime(125_000)).toBe('2 min 5 s');
    expect(formatThinkingTime(120_000)).toBe('2 min');
  });
});
