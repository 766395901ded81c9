'use client';

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { filterModels } from '@/lib/browser/models/filter-models';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { SearchIcon } from '../ui/chat-page-icons';
import { ModelRow } from './model-row';

export interface ModelMenuProps {
  /** The listbox's id (the picker's button controls it). */
  listId: string;
  models: ModelInfo[];
  selected: string | null;
  onPick: (model: ModelInfo) => void;
  onClose: () => void;
}

/**
 * The model picker's popup, loaded when first opened: a search box ("Search models", typing
 * filters at once), then the matching models grouped by provider, one line each. Arrows move, Enter
 * picks, Esc closes. On a phone it spans the screen's width, so nothing scrolls sideways.
 */
export function ModelMenu({ listId, models, selected, onPick, onClose }: ModelMenuProps) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => filterModels(models, query), [models, query]);
  const flat = useMemo(() => groups.flatMap((g) => g.models), [groups]);
  const index = useMemo(() => new Map(flat.map((m, i) => [m.id, i])), [flat]);
  const [highlight, setHighlight] = useState(() => (selected ? (index.get(selected) ?? 0) : 0));
  const listRef = useRef<HTMLUListElement>(null);
  const current = flat[Math.min(highlight, flat.length - 1)];
  const optionId = (m: ModelInfo) => `${listId}-${index.get(m.id) ?? 0}`;

  useEffect(() => {
    if (!current) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(optionId(current))}`)
      ?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId derives from `current`
  }, [current]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = flat.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, highlight + 1),
      ArrowUp: Math.max(0, highlight - 1),
      PageDown: Math.min(last, highlight + 8),
      PageUp: Math.max(0, highlight - 8),
    };
    if (e.key in moves) {
      e.preventDefault();
      setHighlight(moves[e.key]!);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (current) onPick(current);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      onClose();
    }
  };

  return (
    <div className="fixed inset-x-2 top-14 z-30 flex max-h-[min(70dvh,32rem)] flex-col rounded-xl border border-zinc-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:left-0 sm:top-full sm:mt-1 sm:w-[26rem] dark:border-zinc-700 dark:bg-zinc-900">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-700">
        <SearchIcon className="shrink-0 text-zinc-500 dark:text-zinc-400" />
        <input
          type="text"
          role="combobox"
          aria-label="Search models"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          {...(current ? { 'aria-activedescendant': optionId(current) } : {})}
          autoFocus
          value={query}
          placeholder={`Search ${models.length} models`}
          onChange={(e) => {
            setQuery(e.target.value);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          className="h-11 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-zinc-500 dark:placeholder:text-zinc-400"
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Models"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1"
      >
        {groups.map((group) => (
          <li key={group.provider} role="presentation">
            <ul role="group" aria-label={group.provider}>
              <li
                role="presentation"
                aria-hidden="true"
                className="px-2 pb-0.5 pt-2 text-xs font-semibold text-zinc-600 dark:text-zinc-400"
              >
                {group.provider}
              </li>
              {group.models.map((model) => (
                <ModelRow
                  key={model.id}
                  id={optionId(model)}
                  model={model}
                  selected={model.id === selected}
                  highlighted={model === current}
                  onHighlight={() => setHighlight(index.get(model.id) ?? 0)}
                  onPick={() => onPick(model)}
                />
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {flat.length === 0 && (
        <p className="px-4 pb-4 pt-1 text-sm text-zinc-600 dark:text-zinc-400">
          No model matches “{query}”.
        </p>
      )}
    </div>
  );
}
