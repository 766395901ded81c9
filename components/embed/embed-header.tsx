'use client';

import { IconButton } from '../ui/button';
import { CloseIcon } from '../ui/close-icon';
import { CollapseIcon, ExpandIcon, NewChatIcon } from './embed-icons';
import { useFillsScreen } from './use-fills-screen';

interface EmbedHeaderProps {
  title: string;
  /** Starts over; disabled while there is nothing to start over from. */
  onNewChat: (() => void) | null;
  /** Only inside the widget (the host page sizes and hides the panel). */
  embedded: boolean;
  expanded: boolean;
  onToggleExpanded: () => void;
  onClose: () => void;
}

/**
 * The widget's title bar in the site's accent colour: title, new chat, expand (not when the panel
 * already fills a phone's screen) and close.
 */
export function EmbedHeader({
  title,
  onNewChat,
  embedded,
  expanded,
  onToggleExpanded,
  onClose,
}: EmbedHeaderProps) {
  const fills = useFillsScreen();
  // On the accent, buttons take the bar's text colour rather than the UI's greys (important: the
  // same properties are set by IconButton's own classes).
  const onAccent =
    'text-current! hover:text-current! hover:bg-black/15! dark:text-current! dark:hover:bg-black/15!';
  return (
    <header className="flex h-12 shrink-0 items-center gap-1 bg-[var(--embed-accent,var(--color-teal-700))] pl-4 pr-1.5 text-[var(--embed-accent-text,#fff)]">
      <h1 className="min-w-0 flex-1 truncate text-[15px] font-semibold">{title}</h1>
      <IconButton
        label="New chat"
        size="sm"
        className={onAccent}
        disabled={!onNewChat}
        onClick={onNewChat ?? undefined}
      >
        <NewChatIcon />
      </IconButton>
      {embedded && (
        <>
          {!fills && (
            <IconButton
              label={expanded ? 'Make the chat smaller' : 'Make the chat larger'}
              size="sm"
              className={onAccent}
              aria-pressed={expanded}
              onClick={onToggleExpanded}
            >
              {expanded ? <CollapseIcon /> : <ExpandIcon />}
            </IconButton>
          )}
          <IconButton label="Close chat" size="sm" className={onAccent} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </>
      )}
    </header>
  );
}
