'use client';

import {
  conversationToJson,
  conversationToMarkdown,
  exportFileName,
} from '@/lib/browser/chat/export';
import {
  allExportFileName,
  conversationsToJson,
  conversationsToMarkdown,
} from '@/lib/browser/chat/export-all';
import type { Conversation } from '@/lib/browser/chat/conversation';
import { useChatStoreApi } from '../store/use-chat-store';
import { MenuButton, type MenuItem } from '../ui/menu-button';
import { DownloadIcon } from '../ui/answer-action-icons';
import { EXPORT_LABEL, EXPORT_TRIGGER } from './export-trigger';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The export menu, loaded when first opened (and opened as it mounts): the open conversation as
 * Markdown or JSON, and every conversation at once.
 */
export function ExportMenuButton({ conversationId }: { conversationId: string | null }) {
  const store = useChatStoreApi();
  const open = (fn: (c: Conversation) => void) => () => {
    const c = conversationId ? store.getState().conversations[conversationId] : undefined;
    if (c) fn(c);
  };
  const all = () => {
    const s = store.getState();
    return s.order.map((id) => s.conversations[id]).filter((c): c is Conversation => !!c);
  };
  const items: MenuItem[] = [
    ...(conversationId
      ? [
          {
            label: 'Export as Markdown',
            onSelect: open((c) =>
              download(exportFileName(c, 'md'), 'text/markdown', conversationToMarkdown(c)),
            ),
          },
          {
            label: 'Export as JSON',
            onSelect: open((c) =>
              download(exportFileName(c, 'json'), 'application/json', conversationToJson(c)),
            ),
          },
        ]
      : []),
    {
      label: 'Export all chats as Markdown',
      onSelect: () =>
        download(allExportFileName('md'), 'text/markdown', conversationsToMarkdown(all())),
    },
    {
      label: 'Export all chats as JSON',
      onSelect: () =>
        download(allExportFileName('json'), 'application/json', conversationsToJson(all())),
    },
  ];
  return (
    <MenuButton
      label={EXPORT_LABEL}
      icon={<DownloadIcon />}
      items={items}
      className={EXPORT_TRIGGER}
      initiallyOpen
    />
  );
}
