'use client';

import { useEffect, useRef, useState } from 'react';
import type { EmbedOptions } from '@/lib/protocol/embed-options';
import type { EmbedAllowlist } from '@/lib/protocol/embed-origins';
import { MAX_UNREAD } from '@/lib/protocol/embed-wire';
import { DisplayOptionsProvider } from '../store/display-options';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { useActiveModel } from '../store/use-active-model';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { Composer } from '../composer/composer';
import { NO_FILES } from '../composer/no-files';
import { useMarkdownWarmUp } from '../markdown/use-warm-up';
import { useCompletionView } from '../messages/completion-view';
import { MessageList } from '../messages/message-list';
import { LiveStatus } from '../status/live-status';
import { StorageNotice } from '../status/storage-notice';
import { accentStyle } from './accent-style';
import { EmbedGreeting, GreetingMessage } from './embed-greeting';
import { EmbedHeader } from './embed-header';
import { useAnswerEvents } from './use-answer-events';
import { useEmbedBridge } from './use-embed-bridge';
import { useEmbedTheme } from './use-embed-theme';
import { useLockedModel } from './use-locked-model';
import { selectActiveHasMessages } from '../store/selectors';

/** Thumbs under answers: loaded while the first answer streams (docs/performance.md). */
const FeedbackOnDemand = lazyComponent(
  onDemand(() => import('../messages/feedback-buttons')),
  (m) => m.FeedbackButtons,
);

/** The reasoning effort (with a reasoning model): only when the site asks for details, so loaded then. */
const EffortOnDemand = lazyComponent(
  onDemand(() => import('../composer/effort-select')),
  (m) => m.EffortSelect,
);

/** The figures under answers: only when the site asks for details, so loaded then. */
const FiguresOnDemand = lazyComponent(
  onDemand(() => import('../messages/usage-line')),
  (m) => m.UsageLine,
);

/** The chat UI's message box (its id is the composer's label target). */
function focusComposer(): void {
  document.getElementById('composer-input')?.focus();
}

/** Escape asks the host to close the panel, unless something inside handled it (Stop, a dialog). */
function useEscapeCloses(enabled: boolean, close: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('dialog[open]'))
        close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, close]);
}

interface EmbedChatProps {
  options: EmbedOptions;
  allowlist: EmbedAllowlist;
  /** Where the conversation is kept, once known (exposed as `data-storage`). */
  storage: 'indexeddb' | 'memory' | null;
  /** Learns the embedding page's origin once the handshake verified it (its requests name it). */
  onHostOrigin: (origin: string) => void;
}

/**
 * The widget: the main page's message list, composer and status regions around one conversation,
 * with a compact header, the site's greeting, theme and accent, and the bridge to the host page
 * (open/close/theme in; close, resize, unread and answer outcomes out).
 */
export function EmbedChat({ options, allowlist, storage, onHostOrigin }: EmbedChatProps) {
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const hasMessages = useChatStore(selectActiveHasMessages);
  const { info } = useActiveModel();
  useCompletionView(info?.kind === 'completion');
  useMarkdownWarmUp();
  const [display] = useState(() => ({
    showDetails: options.showDetails,
    FiguresLine: FiguresOnDemand,
    Feedback: FeedbackOnDemand,
  }));
  const [theme, setTheme] = useState(options.theme);
  const [expanded, setExpanded] = useState(false);
  // Whether the host shows the panel; answers that end while it is hidden are unread.
  const visible = useRef(true);
  const unread = useRef(0);

  const bridge = useEmbedBridge(
    allowlist,
    (command, send) => {
      if (command.type === 'theme') {
        setTheme(command.theme);
      } else if (command.type === 'open') {
        visible.current = true;
        if (unread.current) send({ type: 'unread', count: (unread.current = 0) });
        focusComposer();
      } else {
        visible.current = false;
      }
    },
    onHostOrigin,
  );
  const { send, connected } = bridge;

  useEmbedTheme(theme);
  useLockedModel(options.model);
  useAnswerEvents((outcome) => {
    send({ type: 'answer', outcome });
    if (!visible.current)
      send({ type: 'unread', count: (unread.current = Math.min(unread.current + 1, MAX_UNREAD)) });
  });
  const [close] = useState(() => () => send({ type: 'close' }));
  useEscapeCloses(connected, close);

  const newChat = () => {
    const s = store.getState();
    // One conversation per visitor: starting over discards the previous one.
    if (s.activeId) s.deleteConversation(s.activeId);
    s.startNewChat();
    focusComposer();
  };

  return (
    <DisplayOptionsProvider value={display}>
      <div
        className="flex h-dvh flex-col"
        style={accentStyle(options.accent)}
        data-storage={storage ?? undefined}
        data-embedded={connected ? 'true' : 'false'}
      >
        <EmbedHeader
          title={options.title}
          onNewChat={hasMessages ? newChat : null}
          embedded={connected}
          expanded={expanded}
          onToggleExpanded={() => {
            send({ type: 'resize', expanded: !expanded });
            setExpanded(!expanded);
          }}
          onClose={close}
        />
        <StorageNotice />
        {activeId && hasMessages ? (
          <MessageList
            conversationId={activeId}
            completion={info?.kind === 'completion'}
            // The greeting stays where the conversation began.
            lead={<GreetingMessage greeting={options.greeting} />}
          />
        ) : (
          <EmbedGreeting greeting={options.greeting} />
        )}
        <Composer
          placeholder={options.placeholder}
          compact
          files={NO_FILES}
          Effort={EffortOnDemand}
        />
        <LiveStatus />
      </div>
    </DisplayOptionsProvider>
  );
}
