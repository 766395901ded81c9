'use client';

import type { ReasoningEffort } from '@/lib/protocol/chat-request';
import { FOCUS_RING } from '../ui/button';
import { BulbIcon } from '../ui/conversation-icons';
import { useSettings } from './use-settings';

const OPTIONS: { value: ReasoningEffort | ''; label: string }[] = [
  { value: '', label: 'Default' },
  { value: 'none', label: 'Off' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

/** How hard a reasoning model thinks; "Off" asks it not to think at all. */
export function EffortSelect() {
  const [settings, update] = useSettings();
  return (
    <label className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-200 pl-2 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-300">
      <BulbIcon className="text-violet-600 dark:text-violet-400" />
      <span className="hidden sm:inline">Reasoning</span>
      <select
        aria-label="Reasoning effort"
        value={settings.reasoningEffort ?? ''}
        onChange={(e) =>
          update({ reasoningEffort: (e.target.value || null) as ReasoningEffort | null })
        }
        className={`h-full rounded-r-lg bg-transparent pr-1 dark:bg-zinc-900 text-xs font-medium text-zinc-800 dark:text-zinc-100 ${FOCUS_RING}`}
      >
        {OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
