'use client';

import { memo } from 'react';
import { ROOT } from '@/lib/browser/chat/conversation';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { IconButton } from '../ui/button';
import { ChevronRightIcon, ChevronLeftIcon } from '../ui/conversation-icons';

export interface VersionSwitcherProps {
  conversationId: string;
  /** The message's place on the shown path. */
  index: number;
  /** False while versions cannot change (an answer streams). */
  enabled: boolean;
}

/**
 * "‹ 2 / 3 ›" under a message that has versions (Regenerate, Edit): which one is shown, and
 * buttons to the others. Nothing when there is one version. Its store reads are O(1).
 */
export const VersionSwitcher = memo(function VersionSwitcher({
  conversationId,
  index,
  enabled,
}: VersionSwitcherProps) {
  const store = useChatStoreApi();
  const ids = useChatStore((s) => {
    const c = s.conversations[conversationId];
    if (!c?.versions) return undefined;
    const parent = index === 0 ? ROOT : c.messages[index - 1]?.id;
    return parent === undefined ? undefined : c.versions[parent];
  });
  const messageId = useChatStore((s) => s.conversations[conversationId]?.messages[index]?.id);
  const position = ids && messageId ? ids.indexOf(messageId) : -1;
  if (!ids || ids.length < 2 || position < 0 || !messageId) return null;
  const go = (step: -1 | 1) => store.getState().showVersion(conversationId, messageId, step);
  return (
    <div className="flex items-center text-xs font-medium tabular-nums text-zinc-500 dark:text-zinc-400">
      <IconButton
        label="Previous version"
        size="sm"
        disabled={!enabled || position === 0}
        onClick={() => go(-1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <span data-testid="version-position">
        <span className="sr-only">Version </span>
        {position + 1} / {ids.length}
      </span>
      <IconButton
        label="Next version"
        size="sm"
        disabled={!enabled || position === ids.length - 1}
        onClick={() => go(1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </div>
  );
});
