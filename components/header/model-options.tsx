'use client';

import { useEffect, useRef } from 'react';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { CheckIcon } from '../ui/icons';
import { ModelBadges } from './model-badges';

interface ModelOptionsProps {
  id: string;
  models: ModelInfo[];
  selected: string | null;
  highlight: number;
  onHighlight: (index: number) => void;
  onPick: (model: ModelInfo) => void;
}

/** The picker's popup: models grouped by provider, the highlighted one kept in view. */
export function ModelOptions({
  id,
  models,
  selected,
  highlight,
  onHighlight,
  onPick,
}: ModelOptionsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current
      ?.querySelector(`#${CSS.escape(`${id}-${highlight}`)}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [id, highlight]);
  return (
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      aria-label="Models"
      className="absolute left-0 top-full z-30 mt-1 max-h-[60dvh] w-[min(26rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-zinc-200 bg-white p-1 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
    >
      {models.map((model, i) => {
        const providerStarts = i === 0 || models[i - 1]!.provider !== model.provider;
        return (
          <li key={model.id} role="none">
            {providerStarts && (
              <div
                role="presentation"
                className="px-2.5 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-zinc-400"
              >
                {model.provider}
              </div>
            )}
            <div
              id={`${id}-${i}`}
              role="option"
              data-model-id={model.id}
              aria-selected={model.id === selected}
              onPointerMove={() => onHighlight(i)}
              onClick={() => onPick(model)}
              className={`flex cursor-pointer items-start gap-2 rounded-lg px-2.5 py-2 ${i === highlight ? 'bg-zinc-100 dark:bg-zinc-800' : ''}`}
            >
              <span className="mt-0.5 w-4 shrink-0 text-teal-600 dark:text-teal-400">
                {model.id === selected && <CheckIcon />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{model.label}</span>
                <span className="block truncate font-mono text-[11px] text-zinc-500">
                  {model.id}
                </span>
                <span className="mt-1 block">
                  <ModelBadges model={model} />
                </span>
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
