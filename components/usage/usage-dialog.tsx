'use client';

import { useState } from 'react';
import { ALL_USERS, type UsageResponse } from '@/lib/protocol/usage-shapes';
import { Dialog } from '../ui/dialog';
import { formatCount } from '../ui/format';
import { distinctLabels } from '@/lib/browser/models/distinct-labels';
import { useModels } from '../store/use-models';
import { costText, UsageTable } from './usage-table';
import { USAGE_DAYS, useUsage } from './use-usage';

/** A day of the report (`YYYY-MM-DD`, the reader's local date) in the page's language. */
function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(new Date(y, m - 1, d));
}

/** Whose usage an administrator can pick: their own, everyone's, and each user seen. */
function WhoseUsage({
  value,
  users,
  onChange,
}: {
  value: string;
  users: readonly { user: string; name: string }[];
  onChange: (user: string) => void;
}) {
  return (
    <label className="mt-3 flex items-center gap-2 text-sm">
      <span>Whose usage</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-8 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">Yours</option>
        <option value={ALL_USERS}>Everyone</option>
        {users.map((u) => (
          <option key={u.user} value={u.user}>
            {u.name || u.user}
          </option>
        ))}
      </select>
    </label>
  );
}

function Report({
  report,
  onPickUser,
}: {
  report: UsageResponse;
  onPickUser: (user: string) => void;
}) {
  const labels = distinctLabels(
    report.by_model.map((m) => m.model),
    useModels().data?.models,
  );
  const { total } = report;
  return (
    <>
      <p className="text-sm" data-testid="usage-total">
        {formatCount(total.answers)} {total.answers === 1 ? 'answer' : 'answers'} ·{' '}
        {formatCount(total.prompt_tokens)} tokens in · {formatCount(total.completion_tokens)} tokens
        out · {costText(total.costs, total.answers, total.unpriced)}
      </p>
      {total.answers === 0 ? (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          No answers in these {USAGE_DAYS} days.
        </p>
      ) : (
        <>
          {report.by_user && (
            <UsageTable
              caption="By user"
              rowHeader="User"
              rows={report.by_user}
              label={(r) => r.name || r.user}
              action={(r) => (
                <button
                  type="button"
                  className="underline decoration-zinc-400 underline-offset-2 hover:decoration-current"
                  onClick={() => onPickUser(r.user)}
                >
                  {r.name || r.user}
                </button>
              )}
            />
          )}
          <UsageTable
            caption="By model"
            rowHeader="Model"
            rows={report.by_model}
            label={(r) => labels.get(r.model) ?? r.model}
          />
          <UsageTable
            caption="By day"
            rowHeader="Day"
            rows={report.by_day}
            label={(r) => dayLabel(r.day)}
          />
        </>
      )}
    </>
  );
}

/**
 * The usage view: what the reader's answers used and cost over the last 30 days, by model and by
 * day (amounts in the page's language and each configured currency; tokens only where no price is
 * configured). An administrator (`ADMIN_USERS`) may look at everyone's, or one user's.
 */
export function UsageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [user, setUser] = useState('');
  const [seen, setSeen] = useState<readonly { user: string; name: string }[]>([]);
  const query = useUsage(user || undefined, open);
  const report = query.data;
  if (report?.by_user && report.by_user.some((u) => !seen.some((s) => s.user === u.user)))
    setSeen(report.by_user.map(({ user: key, name }) => ({ user: key, name })));
  return (
    <Dialog open={open} onClose={onClose} title="Usage" wide>
      <div aria-busy={query.isFetching} className="min-h-40">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The last {USAGE_DAYS} days{report ? `, since ${dayLabel(report.from)}` : ''}.
        </p>
        {report?.admin && <WhoseUsage value={user} users={seen} onChange={setUser} />}
        {query.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
            {query.error.message}
          </p>
        ) : report ? (
          <div className="mt-3">
            <Report report={report} onPickUser={setUser} />
          </div>
        ) : (
          <p className="mt-4 text-sm">Loading…</p>
        )}
      </div>
    </Dialog>
  );
}
