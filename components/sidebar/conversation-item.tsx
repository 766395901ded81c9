'use client';

import { useState } from 'react';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { FOCUS_RING, IconButton } from '../ui/button';
import { PencilIcon, TrashIcon } from '../ui/icons';
import { selectRunning } from '../store/selectors';

interface ConversationItemProps {
  id: string;
  onSelected: () => void;
  onDelete: (id: string, title: string) => void;
}

/** One conversation in the sidebar: open it, rename it in place, or ask to delete it. */
export function ConversationItem({ id, onSelected, onDelete }: ConversationItemProps) {
  const store = useChatStoreApi();
  const title = useChatStore((s) => s.conversations[id]?.title ?? '');
  const active = useChatStore((s) => s.activeId === id);
  const running = useChatStore(selectRunning(id));
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <li>
        <input
          aria-label="Conversation title"
          defaultValue={title}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          onBlur={(e) => {
            store.getState().renameConversation(id, e.currentTarget.value);
            setEditing(false);
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
      </li>
    );
  }
  return (
    <li className="group/item relative">
      <button
        type="button"
        aria-current={active ? 'page' : undefined}
        onClick={() => {
          store.getState().selectConversation(id);
          onSelected();
        }}
        className={`flex h-9 w-full items-center gap-2 rounded-lg pl-2.5 pr-16 text-left text-sm ${FOCUS_RING} ${
          active
            ? 'bg-zinc-200/80 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
            : 'text-zinc-700 hover:bg-zinc-200/50 dark:text-zinc-300 dark:hover:bg-zinc-800/60'
        }`}
      >
        {running && (
          <span className="h-2 w-2 shrink-0 rounded-full bg-teal-600 ring-2 ring-teal-600/25 dark:bg-teal-400">
            <span className="sr-only">Generating: </span>
          </span>
        )}
        <span className="truncate">{title}</span>
      </button>
      <div
        className={`absolute right-1 top-0.5 flex gap-0.5 ${active ? '' : 'opacity-100 md:opacity-0 md:group-hover/item:opacity-100 md:group-focus-within/item:opacity-100'}`}
      >
        <IconButton label={`Rename “${title}”`} size="sm" onClick={() => setEditing(true)}>
          <PencilIcon />
        </IconButton>
        <IconButton label={`Delete “${title}”`} size="sm" onClick={() => onDelete(id, title)}>
          <TrashIcon />
        </IconButton>
      </div>
    </li>
  );
}
