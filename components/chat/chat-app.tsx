'use client';

import { Suspense, useCallback, useEffect, useState } from 'react';
import type { Account } from '../auth/account-menu';
import type { CompareSession } from '@/lib/browser/chat/compare-run';
import { CompareButton } from '../compare/compare-button';
import { Composer } from '../composer/composer';
import { PAGE_FILES } from '../composer/composer-files';
import { EffortSelect } from '../composer/effort-select';
import { ChatHeader } from '../header/chat-header';
import { useMarkdownWarmUp } from '../markdown/use-warm-up';
import { useCompletionView } from '../messages/completion-view';
import { MessageList } from '../messages/message-list';
import { FeedbackButtons } from '../messages/feedback-buttons';
import { MessageFiles } from '../messages/message-files';
import { UsageLine } from '../messages/usage-line';
import { useMessageWindow } from '../messages/use-message-window';
import { HealthBanner } from '../status/health-banner';
import { LiveStatus } from '../status/live-status';
import { StorageNotice } from '../status/storage-notice';
import { KeyboardShortcuts } from '../shortcuts/keyboard-shortcuts';
import { Sidebar } from '../sidebar/sidebar';
import { useAutoTitles } from './use-auto-titles';
import { useConversationRoute } from './use-conversation-route';
import { EmptyState } from './empty-state';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { useShownView, type MainView } from './use-shown-view';
import { DisplayOptionsProvider } from '../store/display-options';
import { useActiveModel } from '../store/use-active-model';
import { NEW_CHAT_DRAFT } from '@/lib/browser/chat/chat-state';
import { ChatStoreContext } from '../store/chat-store-provider';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { selectActiveRunning, selectActiveTitle } from '../store/selectors';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

/** The chat page shows every detail, the figures under answers with them (in its first load). */
const PAGE_DISPLAY = {
  showDetails: true,
  FiguresLine: UsageLine,
  Feedback: FeedbackButtons,
  useMessageWindow,
  MessageFiles,
};

/** What an address of a conversation this browser does not hold shows (docs/performance.md). */
const MissingConversation = lazyComponent(
  onDemand(() => import('./missing-conversation')),
  (m) => m.MissingConversation,
);

/**
 * The message list warmed up while the first question is typed (conversation-warm-up.tsx): loaded
 * with the first key typed on the new-chat screen, not with the page (docs/performance.md).
 */
const ConversationWarmUp = lazyComponent(
  onDemand(() => import('./conversation-warm-up')),
  (m) => m.ConversationWarmUp,
);

/**
 * Who is signed in, their usage and "Sign out", and the offer to move this browser's chats into
 * their account: signed-in pages only, loaded on demand so that an open server's page never
 * carries their code (docs/performance.md).
 */
const accountParts = onDemand(() => import('./account-parts'));
const AccountArea = lazyComponent(accountParts, (m) => m.AccountArea);
const MoveLocalChats = lazyComponent(accountParts, (m) => m.MoveLocalChats);

/** A comparison's answers, loaded with the first comparison (docs/performance.md). */
const ComparePanel = lazyComponent(
  onDemand(() => import('../compare/compare-panel')),
  (m) => m.ComparePanel,
);

/** Esc stops the answer streaming in the open conversation, wherever focus is (not in a dialog). */
function useEscapeStops(activeId: string | null, running: boolean) {
  const store = useChatStoreApi();
  useEffect(() => {
    if (!activeId || !running) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]'))
        return;
      store.getState().stop(activeId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, activeId, running]);
}

/** The tab title names the open conversation. */
function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Runnel` : 'Runnel';
  }, [title]);
}

/** What the store says the main area shows (`useShownView`: when it shows it). */
function useView(): MainView {
  return useChatStore((s) => {
    if (s.activeId === null) return 'empty';
    const c = s.conversations[s.activeId];
    if (c) return c.messages.length > 0 ? 'messages' : 'empty';
    // An address naming a conversation: nothing until storage says whether it is here.
    return s.hydrated ? 'missing' : 'loading';
  });
}

/**
 * The chat page: sidebar, header, messages or the new-chat screen, composer, banners. `account`
 * (who is signed in, as the server found them; absent for no one) goes in the header.
 */
export function ChatApp({
  account = null,
  serverPath,
}: {
  account?: Account | null;
  serverPath: string;
}) {
  const store = useChatStoreApi();
  useConversationRoute(store, serverPath);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const closeDrawer = useCallback(() => setSidebarOpen(false), []);
  const hideSidebar = useCallback(() => setCollapsed(true), [setCollapsed]);
  // The search shortcut needs the sidebar on screen: the drawer on a phone, un-collapsed on desktop.
  const openSidebar = useCallback(() => {
    setSidebarOpen(true);
    setCollapsed(false);
  }, [setCollapsed]);
  const activeId = useChatStore((s) => s.activeId);
  const view = useShownView(useView());
  const typing = useChatStore((s) => !s.activeId && Boolean(s.drafts[NEW_CHAT_DRAFT]));
  const running = useChatStore(selectActiveRunning);
  const title = useChatStore(selectActiveTitle);
  const { info } = useActiveModel();
  // A comparison shows in place of its conversation's messages (and composer) until one answer is
  // taken or all are discarded; its answers go on streaming while another conversation is open.
  const [compare, setCompare] = useState<CompareSession | null>(null);
  const comparing = compare !== null && compare.conversationId === activeId;
  useCompletionView(info?.kind === 'completion');
  useEscapeStops(activeId, running);
  // The main area shows the conversation (not the new-chat screen, which stays a task after a
  // first send or an import): the header and the tab are titled with it then, not before.
  const titled = comparing || view !== 'empty';
  useDocumentTitle(titled ? title : undefined);
  useAutoTitles();
  useMarkdownWarmUp();

  return (
    <div className="flex h-dvh overflow-hidden">
      <aside
        className={`fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] border-r border-zinc-200 bg-zinc-50 transition-transform md:static md:z-auto md:w-64 md:translate-x-0 dark:border-zinc-800 dark:bg-zinc-900 ${
          sidebarOpen ? 'translate-x-0 shadow-2xl' : '-translate-x-full'
        } ${collapsed ? 'md:hidden' : ''}`}
        {...(!sidebarOpen ? { 'data-collapsed': 'true' } : {})}
      >
        <Sidebar onNavigate={closeDrawer} onHide={hideSidebar} />
      </aside>
      {sidebarOpen && (
        <div
          className="fixed inset-0 z-30 bg-zinc-950/40 md:hidden"
          aria-hidden="true"
          onClick={() => setSidebarOpen(false)}
        />
      )}
      <main className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          onOpenSidebar={() => setSidebarOpen(true)}
          onShowSidebar={collapsed ? () => setCollapsed(false) : null}
          account={
            account && (
              <Suspense fallback={null}>
                <AccountArea {...account} />
              </Suspense>
            )
          }
          titled={titled}
        />
        <HealthBanner />
        <StorageNotice />
        {comparing ? (
          <Suspense fallback={<div className="flex-1" />}>
            <DisplayOptionsProvider value={PAGE_DISPLAY}>
              <ComparePanel session={compare} onClose={() => setCompare(null)} />
            </DisplayOptionsProvider>
          </Suspense>
        ) : view === 'messages' && activeId ? (
          <DisplayOptionsProvider value={PAGE_DISPLAY}>
            <MessageList conversationId={activeId} completion={info?.kind === 'completion'} />
          </DisplayOptionsProvider>
        ) : view === 'missing' ? (
          <Suspense fallback={<div className="flex-1" />}>
            <MissingConversation />
          </Suspense>
        ) : view === 'loading' ? (
          <div className="flex-1" />
        ) : (
          <>
            <EmptyState />
            {typing && (
              <Suspense fallback={null}>
                <DisplayOptionsProvider value={PAGE_DISPLAY}>
                  <ConversationWarmUp List={MessageList} StoreContext={ChatStoreContext} />
                </DisplayOptionsProvider>
              </Suspense>
            )}
          </>
        )}
        {!comparing && (
          <Composer
            files={PAGE_FILES}
            Effort={EffortSelect}
            actions={
              info?.kind === 'completion' ? null : (
                <CompareButton busy={compare !== null} onStart={setCompare} />
              )
            }
          />
        )}
      </main>
      <LiveStatus />
      <KeyboardShortcuts openSidebar={openSidebar} />
      {account && (
        <Suspense fallback={null}>
          <MoveLocalChats />
        </Suspense>
      )}
    </div>
  );
}
