'use client';

import {
  Suspense,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { NEW_CHAT_DRAFT } from '@/lib/browser/chat/chat-state';
import { DEFAULT_MAX_REQUEST_BYTES } from '@/lib/protocol/api-shapes';
import { warmLexerFor } from '../markdown/use-warm-up';
import { useDisplayOptions } from '../store/use-display-options';
import { useActiveModel } from '../store/use-active-model';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { useModels } from '../store/use-models';
import type { ComposerFiles } from './composer-files';
import { composerKeyDown } from './enter-sends';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { ComposerAlerts } from './composer-alerts';
import { composerHint, composerPlaceholder } from './composer-texts';
import { SendButton } from './send-button';
import { useContextFit } from './use-context-fit';
import { useMeterLoaded } from './use-meter-loaded';
import { useWaitUntil } from './use-wait-until';
import { selectActiveHasMessages, selectActiveRunning } from '../store/selectors';

// The meter that sums a conversation's finished answers: loaded in idle time once one has ended,
// not with the page (docs/performance.md). The reasoning effort comes with `Effort` and the files
// being attached with `files`, so the composer does not even know where they load from.
const ConversationMeter = lazyComponent(
  onDemand(() => import('./conversation-meter')),
  (m) => m.ConversationMeter,
);

interface ComposerProps {
  /** Replaces the default hint (the embeddable widget's `data-placeholder`). */
  placeholder?: string | null;
  /** Tighter spacing, for the widget's small panel. */
  compact?: boolean;
  /**
   * How files are taken: the chat page's `PAGE_FILES`, or the widget's `NO_FILES` (text only),
   * each in its own first load.
   */
  files: ComposerFiles;
  /** More actions beside Send (the chat page's Compare), composed by the page. */
  actions?: ReactNode;
  /**
   * The reasoning effort, shown for a reasoning model with the details on: the chat page's is in
   * its first load (its default model often reasons, so it shows at once), the widget's is loaded
   * when first shown (its sites seldom ask for details).
   */
  Effort: ComponentType;
}

/**
 * The message box. Enter sends, Shift+Enter adds a line (on a touch screen Enter adds a line and
 * only the button sends), Esc stops; while an answer streams, Send becomes Stop. With `files`, files come by "Attach files", paste or drop. The draft lives in the
 * store, so it survives switching conversations and reloads.
 */
export function Composer({
  placeholder,
  compact = false,
  files,
  actions = null,
  Effort,
}: ComposerProps) {
  // A page passes the same `files` on every render, so the hooks below keep their order.
  const {
    useAttachments,
    useReturnedAttachments,
    useFileDrop,
    useSendCheck,
    AttachButton,
    AttachmentTray,
  } = files;
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const draftKey = activeId ?? NEW_CHAT_DRAFT;
  const draft = useChatStore((s) => s.drafts[draftKey] ?? '');
  const running = useChatStore(selectActiveRunning);
  const meterLoaded = useMeterLoaded(useChatStore(selectActiveHasMessages), running);
  const hydrated = useChatStore((s) => s.hydrated);
  const limitNotice = useChatStore((s) =>
    s.limitNotice && s.limitNotice.conversationId === s.activeId ? s.limitNotice : null,
  );
  const { traits, info, id: modelId } = useActiveModel();
  const server = useModels().data;
  const { showDetails } = useDisplayOptions();
  const pending = useAttachments(draftKey, server?.image_max_edge);
  const check = useSendCheck(
    store,
    info,
    pending.attachments,
    server?.max_request_bytes ?? DEFAULT_MAX_REQUEST_BYTES,
  );
  // A refusal at send time holds for the attachments it was about; adding or removing one clears it.
  const [refusal, setRefusal] = useState<{ text: string; about: unknown } | null>(null);
  const { dragging, dropHandlers, onPaste } = useFileDrop(pending.add);
  useReturnedAttachments(limitNotice, pending);
  // The draft stays, and Send waits, until the limit lets the next message through.
  const limited = useWaitUntil(limitNotice?.retryAt);
  const fit = useContextFit(draft, info, traits, server?.max_output_tokens);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const hasContent = draft.trim() !== '' || pending.attachments.length > 0;
  const canSend =
    hydrated &&
    traits !== null &&
    hasContent &&
    !running &&
    !pending.busy &&
    check.ready &&
    !check.live &&
    !limited;
  const completion = info?.kind === 'completion';

  const send = () => {
    if (!canSend || !traits) return;
    const problem = check.atSend(draft, traits);
    setRefusal(problem ? { text: problem, about: pending.attachments } : null);
    if (problem) return;
    store.getState().send(draft, fit ? fit.traitsFor(traits) : traits, pending.attachments);
    pending.clear();
    inputRef.current?.focus();
  };
  const stop = () => {
    if (activeId) store.getState().stop(activeId);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const hint = composerHint(hydrated, traits !== null, modelId);
  const refused = refusal?.about === pending.attachments ? refusal.text : null;
  const notices = [...pending.problems, check.live ?? refused].filter(Boolean) as string[];

  return (
    <form
      onSubmit={onSubmit}
      className={`mx-auto w-full max-w-3xl ${compact ? 'px-2 pb-2' : 'px-3 pb-3 sm:px-6 sm:pb-5'}`}
    >
      <ComposerAlerts
        notices={notices}
        limitNotice={limitNotice}
        limited={limited}
        fit={fit}
        traits={traits}
        draft={draft}
      />
      <div
        {...dropHandlers}
        className="relative rounded-2xl border border-zinc-300 bg-white shadow-sm transition-colors focus-within:border-teal-600 focus-within:ring-2 focus-within:ring-teal-600/20 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-teal-500"
      >
        {dragging && (
          <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-2xl border-2 border-dashed border-teal-600 bg-teal-50/90 text-sm font-medium text-teal-900 dark:border-teal-400 dark:bg-teal-950/90 dark:text-teal-100">
            Drop files to attach them
          </div>
        )}
        {(pending.attachments.length > 0 || pending.busy) && (
          <Suspense fallback={null}>
            <AttachmentTray pending={pending} />
          </Suspense>
        )}
        <label htmlFor="composer-input" className="sr-only">
          Message
        </label>
        <textarea
          id="composer-input"
          ref={inputRef}
          value={draft}
          rows={1}
          autoFocus
          placeholder={composerPlaceholder(placeholder, completion, showDetails, info?.label)}
          onChange={(e) => {
            store.getState().setDraft(draftKey, e.target.value);
            warmLexerFor(e.target.value);
          }}
          onKeyDown={(e) => composerKeyDown(e, { send, stop, running })}
          onPaste={onPaste}
          className={`block max-h-[40dvh] w-full resize-none bg-transparent text-[15px] leading-relaxed outline-none [field-sizing:content] placeholder:text-zinc-500 dark:placeholder:text-zinc-400 ${compact ? 'min-h-[2.75rem] px-3 pt-2.5' : 'min-h-[3.25rem] px-4 pt-3.5'}`}
        />
        <div className={`flex items-center gap-2 ${compact ? 'px-1.5 pb-1.5' : 'px-2 pb-2'}`}>
          <AttachButton onFiles={pending.add} />
          {/* A setting for the person who runs the chat, not a site's visitor: with the details. */}
          <Suspense fallback={null}>
            {showDetails && info?.reasoning && !completion && <Effort />}
          </Suspense>
          <div className="min-w-0 flex-1 truncate px-1 text-xs text-zinc-600 dark:text-zinc-400">
            {hint ??
              (showDetails && meterLoaded && (
                <Suspense fallback={null}>
                  <ConversationMeter />
                </Suspense>
              ))}
          </div>
          {actions}
          <SendButton running={running} canSend={canSend} onStop={stop} />
        </div>
      </div>
      {showDetails && (
        <p className="mt-2 hidden text-center text-[11px] text-zinc-600 sm:block dark:text-zinc-400">
          Enter to send · Shift+Enter for a new line · Esc to stop · ? for all shortcuts
        </p>
      )}
    </form>
  );
}
