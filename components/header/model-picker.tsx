'use client';

import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { useActiveModel } from '../store/use-active-model';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { FOCUS_RING } from '../ui/button';
import { ChevronDownIcon } from '../ui/chat-page-icons';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { useDismissOnOutsidePointer } from '../ui/use-dismiss';
import { ModelBadges } from './model-badges';

// The popup (search, filtering, rows) is loaded when first wanted, not with the page.
const menu = onDemand(() => import('./model-menu'));
const ModelMenu = lazyComponent(menu, (m) => m.ModelMenu);

/**
 * Picks the model of the open conversation (or of the next new chat) from `/api/models`. The
 * button opens a popup with a search box; arrows move, Enter picks, Esc closes.
 */
export function ModelPicker() {
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const { id, info, models, loading } = useActiveModel();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useDismissOnOutsidePointer(rootRef, open, setOpen);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const pick = (model: ModelInfo) => {
    store.getState().setModel(activeId, model.id);
    setOpen(false);
    // A model is picked to write to it: the message box takes the focus, not the picker.
    document.getElementById('composer-input')?.focus();
  };
  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      setOpen(true);
    }
  };

  const label = info?.label ?? id ?? (loading ? 'Loading models…' : 'No models');
  // Two providers serving a model of the same name: which one this is.
  const provider =
    info && models.some((m) => m.id !== info.id && m.label === info.label) ? info.provider : null;
  return (
    <div ref={rootRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Model: ${label}${provider ? ` (${provider})` : ''}`}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
        // Fetch the popup's code as soon as it is likely to be wanted.
        onPointerEnter={() => void menu.load()}
        onFocus={() => void menu.load()}
        disabled={models.length === 0}
        className={`flex h-10 min-w-0 max-w-full items-center gap-2 rounded-lg px-2.5 text-left hover:bg-zinc-100 disabled:cursor-default disabled:hover:bg-transparent dark:hover:bg-zinc-800 ${FOCUS_RING}`}
      >
        <span
          className={`truncate text-[15px] font-semibold ${info || !id ? '' : 'text-red-700 line-through dark:text-red-400'}`}
        >
          {label}
        </span>
        {provider && (
          <span
            data-testid="model-provider"
            className="shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            {provider}
          </span>
        )}
        {info && (
          <span className="hidden md:flex">
            <ModelBadges model={info} />
          </span>
        )}
        {models.length > 0 && <ChevronDownIcon className="shrink-0 text-zinc-500" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ModelMenu listId={listId} models={models} selected={id} onPick={pick} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
