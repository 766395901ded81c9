import 'server-only';

import { sql, type Kysely } from 'kysely';
import type { Tables } from '../database/tables';
import type { UsageReport, UsageTotals } from '../../protocol/usage-shapes';

const DAY_MS = 86_400_000;

export interface UsageQuery {
  /** One user's key, or null for every user's. */
  user: string | null;
  days: number;
  /** The reader's `Date.getTimezoneOffset()` in minutes: days start at their midnight. */
  tzOffsetMin: number;
  now: number;
}

/** One aggregated row as the database returns it (numbers may be null for an empty sum). */
interface SumRow {
  group: string | number;
  name?: string | null;
  currency: string | null;
  answers: number | string;
  prompt: number | string | null;
  completion: number | string | null;
  cost: number | string | null;
  priced: number | string;
}

const empty = (): UsageTotals => ({
  answers: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  costs: [],
  unpriced: 0,
});

/** Adds one (group, currency) row to its group's totals. */
function add(totals: UsageTotals, row: SumRow): void {
  const answers = Number(row.answers);
  const priced = Number(row.priced);
  totals.answers += answers;
  totals.prompt_tokens += Number(row.prompt ?? 0);
  totals.completion_tokens += Number(row.completion ?? 0);
  totals.unpriced += answers - priced;
  if (row.currency !== null && priced > 0) {
    const same = totals.costs.find((c) => c.currency === row.currency);
    if (same) same.amount += Number(row.cost ?? 0);
    else totals.costs.push({ currency: row.currency, amount: Number(row.cost ?? 0) });
  }
}

/** Groups rows by their `group`, keeping the first name seen. */
function groups(rows: readonly SumRow[]): Map<string, { totals: UsageTotals; name: string }> {
  const out = new Map<string, { totals: UsageTotals; name: string }>();
  for (const row of rows) {
    const key = String(row.group);
    let entry = out.get(key);
    if (!entry) out.set(key, (entry = { totals: empty(), name: row.name ?? '' }));
    add(entry.totals, row);
  }
  return out;
}

const dayString = (bucket: number) => new Date(bucket * DAY_MS).toISOString().slice(0, 10);

/**
 * What answers used and cost over the last `days` local days, by model and by day (and by user
 * for a report of every user): sums computed by the database, over its `(user_key, at)` index.
 * Days are counted in whole milliseconds from the reader's offset, so both databases group alike.
 */
export async function usageReport(db: Kysely<Tables>, query: UsageQuery): Promise<UsageReport> {
  const shift = query.tzOffsetMin * 60_000;
  const today = Math.floor((query.now - shift) / DAY_MS);
  const firstDay = today - (query.days - 1);
  const since = firstDay * DAY_MS + shift;
  const base = db
    .selectFrom('usage')
    .where('at', '>=', since)
    .$if(query.user !== null, (q) => q.where('user_key', '=', query.user!));
  const sums = [
    sql<number>`count(*)`.as('answers'),
    sql<number | null>`sum(prompt_tokens)`.as('prompt'),
    sql<number | null>`sum(completion_tokens)`.as('completion'),
    sql<number | null>`sum(cost)`.as('cost'),
    sql<number>`count(cost)`.as('priced'),
  ];
  const byModel = base
    .select([sql<string>`model`.as('group'), 'currency', ...sums])
    .groupBy(['model', 'currency']);
  // Literals, not parameters: PostgreSQL groups by an expression only when it is the very same
  // text in the select list and the GROUP BY (two parameters are two expressions). Both are
  // whole numbers the route validated.
  const dayExpr = sql<number>`(at - ${sql.lit(shift)}) / ${sql.lit(DAY_MS)}`;
  const byDay = base
    .select([dayExpr.as('group'), 'currency', ...sums])
    .groupBy([dayExpr, 'currency']);
  const [models, days, users] = await Promise.all([
    byModel.execute(),
    byDay.execute(),
    query.user === null
      ? base
          .select([
            sql<string>`user_key`.as('group'),
            sql<string>`max(user_name)`.as('name'),
            'currency',
            ...sums,
          ])
          .groupBy(['user_key', 'currency'])
          .execute()
      : Promise.resolve(undefined),
  ]);
  const total = empty();
  for (const row of models) add(total, row);
  const byModelOut = [...groups(models)]
    .map(([model, { totals }]) => ({ model, ...totals }))
    .sort((a, b) => b.answers - a.answers || a.model.localeCompare(b.model));
  const byDayOut = [...groups(days)]
    .map(([bucket, { totals }]) => ({ bucket: Number(bucket), totals }))
    .sort((a, b) => b.bucket - a.bucket)
    .map(({ bucket, totals }) => ({ day: dayString(bucket), ...totals }));
  const report: UsageReport = {
    from: dayString(firstDay),
    days: query.days,
    total,
    by_model: byModelOut,
    by_day: byDayOut,
  };
  if (users) {
    report.by_user = [...groups(users)]
      .map(([user, { totals, name }]) => ({ user, name, ...totals }))
      .sort((a, b) => b.answers - a.answers || a.name.localeCompare(b.name));
  }
  return report;
}
