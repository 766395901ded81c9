'use client';

import { useState, type ReactNode } from 'react';
import { useChatStore } from '../store/use-chat-store';
import { ThemeToggle } from '../theme/theme-toggle';
import { IconButton } from '../ui/button';
import { MenuIcon, SlidersIcon } from '../ui/icons';
import { ExportMenu } from './export-menu';
import { ModelPicker } from './model-picker';
import { SettingsDialog } from './settings-dialog';

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
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-zinc-200 px-2 sm:px-3 dark:border-zinc-800">
      <IconButton label="Open conversations" className="md:hidden" onClick={onOpenSidebar}>
        <MenuIcon />
      </IconButton>
      <div className="min-w-0 flex-1">
        <ModelPicker />
      </div>
      <IconButton label="Conversation settings" onClick={() => setSettingsOpen(true)}>
        <SlidersIcon />
      </IconButton>
      <ExportMenu conversationId={activeId} />
      <ThemeToggle />
      {account}
      <SettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        isNewChat={activeId === null}
      />
    </header>
  );
}
