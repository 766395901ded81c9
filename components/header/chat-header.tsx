'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useChatStore } from '../store/use-chat-store';
import { ThemeToggle } from '../theme/theme-toggle';
import { IconButton } from '../ui/button';
import { MenuIcon, SlidersIcon } from '../ui/icons';
import { ExportMenu } from './export-menu';
import { ModelPicker } from './model-picker';

/**
 * The settings dialog is loaded when first wanted (the pointer on its button, or focus), not
 * with the page: the page's JavaScript has a budget (docs/performance.md).
 */
const loadSettings = () => import('./settings-dialog');
const SettingsDialog = lazy(() => loadSettings().then((m) => ({ default: m.SettingsDialog })));
const preloadSettings = () => void loadSettings();

/** Top bar: sidebar toggle (narrow screens), model picker, settings, export, theme, account. */
export function ChatHeader({
  onOpenSidebar,
  account,
}: {
  onOpenSidebar: () => void;
  /** Who is signed in, with "Sign out"; absent when no sign-in method is configured. */
  account?: ReactNode;
}) {
  const activeId = useChatStore((s) => s.activeId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps its element (and the focus return).
  const [settingsUsed, setSettingsUsed] = useState(false);
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-zinc-200 px-2 sm:px-3 dark:border-zinc-800">
      <IconButton label="Open conversations" className="md:hidden" onClick={onOpenSidebar}>
        <MenuIcon />
      </IconButton>
      <div className="min-w-0 flex-1">
        <ModelPicker />
      </div>
      <IconButton
        label="Conversation settings"
        onPointerEnter={preloadSettings}
        onFocus={preloadSettings}
        onClick={() => {
          setSettingsUsed(true);
          setSettingsOpen(true);
        }}
      >
        <SlidersIcon />
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
