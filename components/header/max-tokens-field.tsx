'use client';

import { useId } from 'react';
import { DEFAULT_MAX_OUTPUT_TOKENS } from '@/lib/protocol/api-shapes';
import { useActiveModel } from '../store/use-active-model';
import { useModels } from '../store/use-models';
import { formatCount } from '../ui/format';

const FIELD =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 dark:border-zinc-700 dark:bg-zinc-950';

/**
 * The most an answer may take: what the server caps answers at (`MAX_OUTPUT_TOKENS`), and never
 * more than the model's context.
 */
function useMaxTokensCap(): number {
  const { info } = useActiveModel();
  const server = useModels().data?.max_output_tokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  return Math.min(server, info?.context_length ?? Infinity);
}

/** Max tokens: empty for the server's cap; a larger number than the model can take becomes its limit. */
export function MaxTokensField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  const cap = useMaxTokensCap();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Max tokens
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={cap}
        step={1}
        placeholder={`Server limit (${formatCount(cap)})`}
        value={value ?? ''}
        onChange={(e) => {
          const n = Math.floor(Number(e.target.value));
          onChange(e.target.value === '' || !Number.isFinite(n) || n < 1 ? null : Math.min(n, cap));
        }}
        className={FIELD}
      />
      <p className="text-xs text-zinc-500">
        Longest answer, in tokens, up to {formatCount(cap)} for this model. An answer that hits it
        can be continued.
      </p>
    </div>
  );
}
