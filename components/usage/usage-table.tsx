'use client';

import type { CostSum, UsageTotals } from '@/lib/protocol/usage-shapes';
import { formatCount } from '../ui/format';
import { formatMoney } from '../ui/format-usage';

/**
 * Cost in the page's locale and each configured currency; "no price" when none of the answers had
 * one (tokens only, never a made-up figure), and how many were not priced when some were not.
 */
export function costText(costs: readonly CostSum[], answers: number, unpriced: number): string {
  if (costs.length === 0) return 'no price';
  const amounts = costs.map((c) => formatMoney(c.amount, c.currency)).join(' + ');
  return unpriced > 0 && unpriced < answers ? `${amounts} (${unpriced} not priced)` : amounts;
}

const CELL = 'px-3 py-1.5 text-right tabular-nums whitespace-nowrap';
const HEAD =
  'px-3 py-1.5 text-right font-medium text-zinc-600 dark:text-zinc-400 whitespace-nowrap';

/**
 * One table of totals, keyboard and screen-reader friendly: a caption naming it, column headers,
 * and each row headed by what it counts (`scope="row"`), so a screen reader reads "priced:chat,
 * Cost, $0.02". Wide tables scroll inside their own focusable region.
 */
export function UsageTable<R extends UsageTotals>({
  caption,
  rowHeader,
  rows,
  label,
  action,
}: {
  caption: string;
  /** The first column's header ("Model", "Day", "User"). */
  rowHeader: string;
  rows: readonly R[];
  /** What heads each row. */
  label: (row: R) => string;
  /** A control in the row's header cell (an administrator opens one user's usage). */
  action?: (row: R) => React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-800"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="px-3 py-2 text-left text-sm font-semibold">{caption}</caption>
        <thead className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950">
          <tr>
            <th scope="col" className={`${HEAD} text-left!`}>
              {rowHeader}
            </th>
            <th scope="col" className={HEAD}>
              Answers
            </th>
            <th scope="col" className={HEAD}>
              Tokens in
            </th>
            <th scope="col" className={HEAD}>
              Tokens out
            </th>
            <th scope="col" className={HEAD}>
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={label(row)}
              className="border-t border-zinc-100 first:border-t-0 dark:border-zinc-800"
            >
              <th scope="row" className="max-w-56 truncate px-3 py-1.5 text-left font-normal">
                {action ? action(row) : label(row)}
              </th>
              <td className={CELL}>{formatCount(row.answers)}</td>
              <td className={CELL}>{formatCount(row.prompt_tokens)}</td>
              <td className={CELL}>{formatCount(row.completion_tokens)}</td>
              <td className={CELL}>{costText(row.costs, row.answers, row.unpriced)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
