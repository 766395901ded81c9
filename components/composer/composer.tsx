'use client';

import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { NEW_CHAT_DRAFT } from '@/lib/browser/chat/chat-state';
import { useActiveModel } from '../store/use-active-model';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { FOCUS_RING } from '../ui/button';
import { ArrowUpIcon, StopIcon } from '../ui/icons';
import { EffortSelect } from './effort-select';
import { selectActiveRunning } from '../store/selectors';

interface ComposerProps {
  /** Replaces the default hint (the embeddable widget's `data-placeholder`). */
  placeholder?: string | null;
}

/**
 * The message box. Enter sends, Shift+Enter adds a line, Esc stops; while an answer streams, Send
 * becomes Stop. The draft lives in the store, so it survives switching conversations and reloads.
 */
export function Composer({ placeholder }: ComposerProps = {}) {
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const draftKey = activeId ?? NEW_CHAT_DRAFT;
  const draft = useChatStore((s) => s.drafts[draftKey] ?? '');
  const running = useChatStore(selectActiveRunning);
  const hydrated = useChatStore((s) => s.hydrated);
  const limitNotice = useChatStore((s) =>
    s.limitNotice && s.limitNotice.conversationId === s.activeId ? s.limitNotice.text : null,
  );
  const { traits, info, id: modelId } = useActiveModel();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const canSend = hydrated && traits !== null && draft.trim() !== '' && !running;
  const completion = info?.kind === 'completion';

  const send = () => {
    if (!canSend || !traits) return;
    store.getState().send(draft, traits);
    inputRef.current?.focus();
  };
  const stop = () => {
    if (activeId) store.getState().stop(activeId);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    } else if (e.key === 'Escape' && running) {
      e.preventDefault();
      stop();
    }
  };

  const hint = !hydrated
    ? 'Loading your conversations…'
    : !traits
      ? modelId
        ? `The model ${modelId} is not available. Pick another one above.`
        : 'No model available yet.'
      : null;

  return (
    <form onSubmit={onSubmit} className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-5">
      {limitNotice && (
        <p
          role="alert"
          className="mb-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
        >
          {limitNotice}
        </p>
      )}
      <div className="rounded-2xl border border-zinc-300 bg-white shadow-sm transition-colors focus-within:border-teal-600 focus-within:ring-2 focus-within:ring-teal-600/20 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-teal-500">
        <label htmlFor="composer-input" className="sr-only">
          Message
        </label>
        <textarea
          id="composer-input"
          ref={inputRef}
          value={draft}
          rows={1}
          autoFocus
          placeholder={
            placeholder ||
            (completion
              ? 'Write the beginning of a text to continue…'
              : `Message ${info?.label ?? 'the model'}`)
          }
          onChange={(e) => store.getState().setDraft(draftKey, e.target.value)}
          onKeyDown={onKeyDown}
          className="block max-h-[40dvh] min-h-[3.25rem] w-full resize-none bg-transparent px-4 pt-3.5 text-[15px] leading-relaxed outline-none [field-sizing:content] placeholder:text-zinc-400 dark:placeholder:text-zinc-500"
        />
        <div className="flex items-center gap-2 px-2 pb-2">
          {info?.reasoning && !completion && <EffortSelect />}
          <p className="min-w-0 flex-1 truncate px-1 text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
          {running ? (
            <button
              type="button"
              onClick={stop}
              aria-label="Stop"
              title="Stop (Esc)"
              className={`inline-flex h-9 w-9 items-center justify-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300 ${FOCUS_RING}`}
            >
              <StopIcon />
            </button>
          ) : (
            <button
              type="submit"
              aria-label="Send"
              title="Send (Enter)"
              disabled={!canSend}
              className={`inline-flex h-9 w-9 items-center justify-center rounded-full bg-teal-700 text-lg text-white hover:bg-teal-800 disabled:bg-zinc-200 disabled:text-zinc-400 dark:bg-teal-500 dark:text-zinc-950 dark:hover:bg-teal-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-600 ${FOCUS_RING}`}
            >
              <ArrowUpIcon />
            </button>
          )}
        </div>
      </div>
      <p className="mt-2 hidden text-center text-[11px] text-zinc-400 sm:block dark:text-zinc-500">
        Enter to send · Shift+Enter for a new line · Esc to stop
      </p>
    </form>
  );
}
