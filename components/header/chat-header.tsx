'use client';

import { Suspense, useState, type ReactNode } from 'react';
import { hasOwnSettings } from '@/lib/browser/chat/chat-defaults';
import { useChatDefaults } from '../store/use-chat-defaults';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { ThemeToggle } from '../theme/theme-toggle';
import { IconButton } from '../ui/button';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { MenuIcon, PlusIcon, SidebarIcon, SlidersIcon } from '../ui/chat-page-icons';
import { ExportMenu } from './export-menu';
import { ModelPicker } from './model-picker';

/**
 * The settings dialog is loaded when first wanted (the pointer on its button, or focus), not
 * with the page: the page's JavaScript has a budget (docs/performance.md).
 */
const settings = onDemand(() => import('./settings-dialog'));
const SettingsDialog = lazyComponent(settings, (m) => m.SettingsDialog);
const preloadSettings = () => void settings.load();

export interface ChatHeaderProps {
  /** Opens the sidebar drawer (narrow screens). */
  onOpenSidebar: () => void;
  /** Shows the sidebar again on wide screens; null while it is shown. */
  onShowSidebar: (() => void) | null;
  /** Who is signed in, with "Sign out"; absent when no sign-in method is configured. */
  account?: ReactNode;
  /**
   * Whether the main area shows the open conversation (not the new-chat screen with its own
   * heading, which stays a task after a first send or an import: one `<h1>` at a time).
   */
  titled: boolean;
}

/** Top bar: sidebar toggle, model picker, settings, export, theme, account. */
export function ChatHeader({ onOpenSidebar, onShowSidebar, account, titled }: ChatHeaderProps) {
  const store = useChatStoreApi();
  const activeId = useChatStore((s) => s.activeId);
  const title = useChatStore((s) =>
    s.activeId ? (s.conversations[s.activeId]?.title ?? null) : null,
  );
  const defaults = useChatDefaults();
  // Marked when the open chat's settings are its own, not the defaults new chats start with.
  const ownSettings = useChatStore((s) => {
    const c = s.activeId ? s.conversations[s.activeId] : undefined;
    return c ? hasOwnSettings(c.settings, defaults) : false;
  });
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps its element (and the focus return).
  const [settingsUsed, setSettingsUsed] = useState(false);
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-zinc-200 px-2 sm:px-3 dark:border-zinc-800">
      <IconButton label="Open conversations" className="md:hidden" onClick={onOpenSidebar}>
        <MenuIcon />
      </IconButton>
      {/* The new-chat screen has its own heading; a conversation is headed by its title. */}
      {titled && title !== null && <h1 className="sr-only">{title}</h1>}
      {onShowSidebar && (
        <IconButton label="Show sidebar" className="max-md:hidden" onClick={onShowSidebar}>
          <SidebarIcon />
        </IconButton>
      )}
      <div className="min-w-0 flex-1">
        <ModelPicker />
      </div>
      <IconButton
        label={
          ownSettings ? 'Conversation settings (this chat has its own)' : 'Conversation settings'
        }
        className="relative"
        aria-haspopup="dialog"
        onPointerEnter={preloadSettings}
        onFocus={preloadSettings}
        onClick={() => {
          setSettingsUsed(true);
          setSettingsOpen(true);
        }}
      >
        <SlidersIcon />
        {ownSettings && (
          <span
            data-testid="own-settings"
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 h-2 w-2 rounded-full bg-teal-600 ring-2 ring-white dark:bg-teal-400 dark:ring-zinc-950"
          />
        )}
      </IconButton>
      {/* On a phone the sidebar's New chat is a drawer away. */}
      <IconButton
        label="New chat"
        className="md:hidden"
        onClick={() => {
          store.getState().startNewChat();
          document.getElementById('composer-input')?.focus();
        }}
      >
        <PlusIcon />
      </IconButton>
      <ExportMenu conversationId={activeId} />
      <ThemeToggle />
      {account}
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDialog
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            isNewChat={activeId === null}
          />
        </Suspense>
      )}
    </header>
  );
}
