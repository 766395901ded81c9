'use client';

import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { useActiveModel } from '../store/use-active-model';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { FOCUS_RING } from '../ui/button';
import { ChevronDownIcon } from '../ui/icons';
import { useDismissOnOutsidePointer } from '../ui/use-dismiss';
import { ModelBadges } from './model-badges';

/** The list is loaded when first wanted, not with the page (docs/performance.md). */
const loadOptions = () => import('./model-options');
const ModelOptions = lazy(() => loadOptions().then((m) => ({ default: m.ModelOptions })));
const preloadOptions = () => void loadOptions();

/**
 * Picks the model of the open conversation (or of the next new chat) from `/api/models`, with
 * kind, vision and reasoning badges. A listbox popup: arrows move, Enter picks, Esc closes.
 */
export function ModelPicker() {
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const { id, info, models, loading } = useActiveModel();
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useDismissOnOutsidePointer(rootRef, open, setOpen);

  const pick = (model: ModelInfo) => {
    store.getState().setModel(activeId, model.id);
    setOpen(false);
    buttonRef.current?.focus();
  };
  const toggle = () => {
    setHighlight(
      Math.max(
        0,
        models.findIndex((m) => m.id === id),
      ),
    );
    setOpen(!open);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        toggle();
      }
      return;
    }
    const last = models.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: highlight + 1,
      ArrowUp: highlight - 1,
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      setHighlight(Math.min(last, Math.max(0, moves[e.key]!)));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const model = models[highlight];
      if (model) pick(model);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
    }
  };

  const label = info?.label ?? id ?? (loading ? 'Loading models…' : 'No models');
  return (
    <div ref={rootRef} className="relative min-w-0" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`Model: ${label}`}
        {...(open && models[highlight]
          ? { 'aria-activedescendant': `${listId}-${highlight}` }
          : {})}
        onClick={toggle}
        onPointerEnter={preloadOptions}
        onFocus={preloadOptions}
        disabled={models.length === 0}
        className={`flex h-10 min-w-0 max-w-full items-center gap-2 rounded-lg px-2.5 text-left hover:bg-zinc-100 disabled:cursor-default disabled:hover:bg-transparent dark:hover:bg-zinc-800 ${FOCUS_RING}`}
      >
        <span
          className={`truncate text-[15px] font-semibold ${info || !id ? '' : 'text-red-700 line-through dark:text-red-400'}`}
        >
          {label}
        </span>
        {info && (
          <span className="hidden md:flex">
            <ModelBadges model={info} />
          </span>
        )}
        {models.length > 0 && <ChevronDownIcon className="shrink-0 text-zinc-500" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ModelOptions
            id={listId}
            models={models}
            selected={id}
            highlight={highlight}
            onHighlight={setHighlight}
            onPick={pick}
          />
        </Suspense>
      )}
    </div>
  );
}
