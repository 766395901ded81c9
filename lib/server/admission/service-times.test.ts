import { describe, expect, it } from 'vitest';
import { createServiceTimes } from './service-times';

describe('service times', () => {
  it('says nothing before an answer ended on the backend', async () => {
    expect(await createServiceTimes().estimateSeconds('gpu', 1, 1)).toBeUndefined();
  });

  it('estimates from the median of recent answers, by place in line and slots', async () => {
    const times = createServiceTimes({ keep: 5 });
    for (const ms of [8_000, 10_000, 12_000, 600_000]) times.add('gpu', ms);
    // Median 12 s (a runaway answer does not swing it); three answers to wait for, one at a time.
    expect(await times.estimateSeconds('gpu', 3, 1)).toBe(36);
    // Two slots: twice as fast.
    expect(await times.estimateSeconds('gpu', 3, 2)).toBe(18);
    expect(await times.estimateSeconds('other', 1, 1)).toBeUndefined();
  });

  it('keeps only the latest answers', async () => {
    const times = createServiceTimes({ keep: 2 });
    for (const ms of [100_000, 2_000, 2_000]) times.add('gpu', ms);
    expect(await times.estimateSeconds('gpu', 1, 1)).toBe(2);
  });
});
