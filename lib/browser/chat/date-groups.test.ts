import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './date-groups';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const NOW = at(2026, 3, 15, 9);

describe('date groups', () => {
  it('puts times into Today, Yesterday, Previous 7 days and Older by local calendar day', () => {
    expect(dateGroupOf(at(2026, 3, 15, 0), NOW)).toBe('Today');
    expect(dateGroupOf(at(2026, 3, 14, 23), NOW)).toBe('Yesterday');
    expect(dateGroupOf(at(2026, 3, 14, 0), NOW)).toBe('Yesterday');
    expect(dateGroupOf(at(2026, 3, 13, 23), NOW)).toBe('Previous 7 days');
    expect(dateGroupOf(at(2026, 3, 8, 1), NOW)).toBe('Previous 7 days');
    expect(dateGroupOf(at(2026, 3, 7, 23), NOW)).toBe('Older');
  });

  it('groups ids in group order, keeping their order inside each group', () => {
    const times: Record<string, number> = {
      a: at(2026, 3, 15),
      b: at(2026, 1, 1),
      c: at(2026, 3, 14),
      d: at(2026, 3, 15, 1),
    };
    expect(groupByDate(['a', 'b', 'c', 'd'], (id) => times[id]!, NOW)).toEqual([
      { group: 'Today', ids: ['a', 'd'] },
      { group: 'Yesterday', ids: ['c'] },
      { group: 'Older', ids: ['b'] },
    ]);
  });
});
