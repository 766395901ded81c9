import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, databaseForTests } from '@/testing/unit/databases-for-tests';
import type { UsageRow } from '../database/tables';
import { usageReport } from './usage-report';

const DAY = 86_400_000;
/** 2026-03-10 12:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 12);

let seq = 0;
function row(fields: Partial<UsageRow>): UsageRow {
  return {
    request_id: `chat_${++seq}`,
    user_key: 'code:ada',
    user_name: 'ada',
    model: 'priced:chat',
    outcome: 'done',
    prompt_tokens: 10,
    completion_tokens: 20,
    cost: 0.5,
    currency: 'USD',
    at: NOW,
    ...fields,
  };
}

describe.each(DATABASE_KINDS)('usage report on %s', (kind) => {
  const db = databaseForTests(kind);
  const put = (...rows: UsageRow[]) => db().insertInto('usage').values(rows).execute();

  it('sums one user’s answers by model and by day, cost only where priced', async () => {
    await put(
      row({}),
      row({ at: NOW - DAY, cost: 0.25 }),
      row({
        model: 'vllm:chat',
        cost: null,
        currency: null,
        prompt_tokens: 7,
        completion_tokens: 3,
      }),
      row({ user_key: 'code:bob', user_name: 'bob' }),
      // Older than the 30 days asked for.
      row({ at: NOW - 31 * DAY }),
    );
    const report = await usageReport(db(), {
      user: 'code:ada',
      days: 30,
      tzOffsetMin: 0,
      now: NOW,
    });
    expect(report.from).toBe('2026-02-09');
    expect(report.total).toEqual({
      answers: 3,
      prompt_tokens: 27,
      completion_tokens: 43,
      costs: [{ currency: 'USD', amount: 0.75 }],
      unpriced: 1,
    });
    expect(report.by_model).toEqual([
      {
        model: 'priced:chat',
        answers: 2,
        prompt_tokens: 20,
        completion_tokens: 40,
        costs: [{ currency: 'USD', amount: 0.75 }],
        unpriced: 0,
      },
      {
        model: 'vllm:chat',
        answers: 1,
        prompt_tokens: 7,
        completion_tokens: 3,
        costs: [],
        unpriced: 1,
      },
    ]);
    expect(report.by_day.map((d) => [d.day, d.answers])).toEqual([
      ['2026-03-10', 2],
      ['2026-03-09', 1],
    ]);
    expect(report.by_user).toBeUndefined();
  });

  it('starts days at the reader’s midnight', async () => {
    // 2026-03-10 02:00 UTC is still the 9th in New York (UTC−5, offset +300).
    await put(row({ at: Date.UTC(2026, 2, 10, 2) }));
    const utc = await usageReport(db(), { user: 'code:ada', days: 30, tzOffsetMin: 0, now: NOW });
    const ny = await usageReport(db(), { user: 'code:ada', days: 30, tzOffsetMin: 300, now: NOW });
    expect(utc.by_day.map((d) => d.day)).toEqual(['2026-03-10']);
    expect(ny.by_day.map((d) => d.day)).toEqual(['2026-03-09']);
  });

  it('gives every user’s totals in a report of all users, currencies apart', async () => {
    await put(
      row({}),
      row({ user_key: 'code:bob', user_name: 'bob', currency: 'EUR', cost: 2 }),
      row({ user_key: 'code:bob', user_name: 'bob' }),
    );
    const report = await usageReport(db(), { user: null, days: 30, tzOffsetMin: 0, now: NOW });
    expect(report.by_user?.map((u) => [u.user, u.name, u.answers])).toEqual([
      ['code:bob', 'bob', 2],
      ['code:ada', 'ada', 1],
    ]);
    const bob = report.by_user![0]!;
    expect(bob.costs).toEqual(
      expect.arrayContaining([
        { currency: 'EUR', amount: 2 },
        { currency: 'USD', amount: 0.5 },
      ]),
    );
    expect(report.total.answers).toBe(3);
  });
});
