'use client';

import type { ProviderHealth } from '@/lib/protocol/api-shapes';
import { CopyButton } from '../ui/copy-button';
import { AlertIcon } from '../ui/conversation-icons';

const VLLM_COMMAND = 'vllm serve Qwen/Qwen3-8B --reasoning-parser qwen3';

/** What the health banner says: which backends are down (of `total`), and how to start vLLM. */
export function HealthBannerBody({ down, total }: { down: ProviderHealth[]; total: number }) {
  const all = down.length === total;
  return (
    <div
      role="alert"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-3xl gap-3">
        <AlertIcon className="mt-0.5 shrink-0 text-lg text-amber-600 dark:text-amber-400" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="font-medium">
            {all
              ? 'The inference backend is not reachable.'
              : `${down.length} of ${total} backends are not reachable.`}
          </p>
          <ul className="space-y-0.5">
            {down.map((p) => (
              <li key={p.id} className="break-all">
                {p.label}:{' '}
                <code className="rounded bg-amber-100 px-1 py-0.5 font-mono text-[12px] dark:bg-amber-900/50">
                  {p.baseURL}
                </code>
              </li>
            ))}
          </ul>
          <p>To start vLLM on this machine, run:</p>
          <div className="flex items-center gap-1 rounded-lg bg-amber-100/80 py-0.5 pl-3 pr-0.5 dark:bg-amber-900/40">
            <code className="min-w-0 flex-1 overflow-x-auto whitespace-nowrap font-mono text-[12px]">
              {VLLM_COMMAND}
            </code>
            <CopyButton text={VLLM_COMMAND} label="Copy command" />
          </div>
          <p className="text-xs opacity-80">
            Checking again every few seconds; models appear here as soon as it answers.
          </p>
        </div>
      </div>
    </div>
  );
}
