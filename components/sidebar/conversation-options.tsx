'use client';

import { Suspense, useState } from 'react';
import { useServerSyncHandle } from '../store/server-sync-context';
import { useChatStoreApi } from '../store/use-chat-store';
import { DotsIcon } from '../ui/answer-action-icons';
import { ForwardIcon, PencilIcon } from '../ui/conversation-icons';
import { Icon, type IconProps } from '../ui/icon';
import { MenuButton } from '../ui/menu-button';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

// The menu's own icons live here, loaded with it rather than with the page (docs/performance.md).
/** Pushpin (pinned conversations). */
const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4h6M10 4v5l-3 4h10l-3-4V4M12 13v7" />
  </Icon>
);
/** Bin (delete). */
const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
);

/** Sharing is occasional: the dialog comes when first opened (docs/performance.md). */
const shareDialog = onDemand(() => import('./share-dialog'));
const ShareDialog = lazyComponent(shareDialog, (m) => m.ShareDialog);

export interface ConversationOptionsProps {
  /** The menu button's accessible name. */
  label: string;
  id: string;
  title: string;
  pinned: boolean;
  /** Opens as it mounts (its first time, replacing the plain button that was clicked). */
  initiallyOpen: boolean;
  onRename: () => void;
  onDelete: (id: string, title: string) => void;
}

/**
 * A conversation's options menu (rename, pin, share when signed in, delete), loaded when a menu is first opened: it
 * takes the place of the row's plain button and stays from then on.
 */
export function ConversationOptions({
  label,
  id,
  title,
  pinned,
  initiallyOpen,
  onRename,
  onDelete,
}: ConversationOptionsProps) {
  const store = useChatStoreApi();
  // Share links need the server's copy: only signed in.
  const signedIn = useServerSyncHandle() !== null;
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <MenuButton
        label={label}
        icon={<DotsIcon />}
        initiallyOpen={initiallyOpen}
        items={[
          { label: 'Rename', icon: <PencilIcon />, onSelect: onRename },
          {
            label: pinned ? 'Unpin' : 'Pin',
            icon: <PinIcon />,
            onSelect: () => store.getState().setPinned(id, !pinned),
          },
          ...(signedIn
            ? [{ label: 'Share…', icon: <ForwardIcon />, onSelect: () => setSharing(true) }]
            : []),
          {
            label: 'Delete',
            icon: <TrashIcon />,
            danger: true,
            onSelect: () => onDelete(id, title),
          },
        ]}
      />
      {sharing ? (
        <Suspense fallback={null}>
          <ShareDialog id={id} open onClose={() => setSharing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Edits a conversation's title in place: Enter or leaving the box keeps it, Esc restores it. */
export function TitleEditor({
  id,
  title,
  onDone,
}: {
  id: string;
  title: string;
  onDone: () => void;
}) {
  const store = useChatStoreApi();
  return (
    <input
      aria-label="Conversation title"
      defaultValue={title}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onBlur={(e) => {
        store.getState().renameConversation(id, e.currentTarget.value);
        onDone();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') {
          e.currentTarget.value = title;
          e.currentTarget.blur();
        }
      }}
      className="h-9 w-full rounded-lg border border-teal-600 bg-white px-2.5 text-sm outline-none ring-2 ring-teal-600/20 dark:bg-zinc-950"
    />
  );
}
