'use client';

import { memo, useState, type MouseEvent } from 'react';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { selectRunning } from '../store/selectors';
import { FOCUS_RING } from '../ui/button';
import { DotsIcon } from '../ui/answer-action-icons';
import { MenuTrigger } from '../ui/menu-trigger';
import { loadOptions, optionsModule } from './load-options';

interface ConversationItemProps {
  id: string;
  /** Where a search matched in the messages, shown under the title. */
  snippet?: string | undefined;
  onSelected: () => void;
  onDelete: (id: string, title: string) => void;
}

const preloadOptions = () => void loadOptions();

/** A plain click opens in place; a modified or middle click is the browser's (new tab, window). */
function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * One conversation in the sidebar: a real link to `/c/<id>` (so it opens in a new tab too), and an
 * options menu — rename in place, pin, delete. The menu button shows on hover or focus over the end
 * of the title (never reserving room while hidden), and always on touch screens.
 */
export const ConversationItem = memo(function ConversationItem({
  id,
  snippet,
  onSelected,
  onDelete,
}: ConversationItemProps) {
  const store = useChatStoreApi();
  const title = useChatStore((s) => s.conversations[id]?.title ?? '');
  const pinned = useChatStore((s) => Boolean(s.conversations[id]?.pinned));
  const active = useChatStore((s) => s.activeId === id);
  const running = useChatStore(selectRunning(id));
  const [editing, setEditing] = useState(false);
  // The full menu replaces the plain button when first opened, open, and stays: closed when it
  // comes back after a rename, so that the key ending the rename does not act on the menu.
  const [menu, setMenu] = useState<'plain' | 'opening' | 'full'>('plain');
  const label = `Options for “${title}”`;
  // Deleted, and still in the list's order until its deferred render (every conversation has a
  // title).
  if (!title) return null;

  // Renaming is offered by the options menu, so its code is loaded by then.
  const options = optionsModule();
  if (editing && options) {
    return (
      <li>
        <options.TitleEditor id={id} title={title} onDone={() => setEditing(false)} />
      </li>
    );
  }
  const shade = active
    ? 'bg-zinc-200/80 dark:bg-zinc-800'
    : 'group-hover/item:bg-zinc-200/50 dark:group-hover/item:bg-zinc-800/60';
  return (
    <li className="group/item relative">
      <a
        href={`/c/${encodeURIComponent(id)}`}
        aria-current={active ? 'page' : undefined}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          store.getState().selectConversation(id);
          onSelected();
        }}
        className={`flex min-h-9 w-full flex-col justify-center rounded-lg px-2.5 py-1.5 text-left text-sm ${FOCUS_RING} ${shade} ${
          active
            ? 'font-medium text-zinc-900 dark:text-zinc-50'
            : 'text-zinc-700 dark:text-zinc-300'
        }`}
      >
        <span className="flex min-w-0 items-center gap-2">
          {running && (
            <span className="h-2 w-2 shrink-0 rounded-full bg-teal-600 ring-2 ring-teal-600/25 dark:bg-teal-400">
              <span className="sr-only">Generating: </span>
            </span>
          )}
          <span className="truncate">{title}</span>
        </span>
        {snippet && (
          <span className="mt-0.5 block truncate text-xs font-normal text-zinc-500 dark:text-zinc-400">
            {snippet}
          </span>
        )}
      </a>
      <div
        className={`absolute right-0.5 top-0.5 rounded-lg pl-6 ${
          active
            ? 'bg-gradient-to-r from-transparent via-zinc-200 to-zinc-200 dark:via-zinc-800 dark:to-zinc-800'
            : 'bg-gradient-to-r from-transparent via-zinc-100 to-zinc-100 dark:via-zinc-900 dark:to-zinc-900'
        } opacity-100 pointer-fine:opacity-0 pointer-fine:group-hover/item:opacity-100 pointer-fine:group-focus-within/item:opacity-100 pointer-fine:has-[[aria-expanded=true]]:opacity-100`}
      >
        {menu !== 'plain' && options ? (
          <options.ConversationOptions
            label={label}
            id={id}
            title={title}
            pinned={pinned}
            initiallyOpen={menu === 'opening'}
            onRename={() => {
              setMenu('full');
              setEditing(true);
            }}
            onDelete={onDelete}
          />
        ) : (
          <div className="relative">
            <MenuTrigger
              label={label}
              icon={<DotsIcon />}
              open={false}
              onPointerEnter={preloadOptions}
              onFocus={preloadOptions}
              onClick={() => void loadOptions().then(() => setMenu('opening'))}
            />
          </div>
        )}
      </div>
    </li>
  );
});
