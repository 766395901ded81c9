'use client';

import { memo, useEffect, useRef, type ReactNode } from 'react';
import { ArrowDownIcon } from '../ui/conversation-icons';
import { FOCUS_RING } from '../ui/button';
import { useChatStoreIds } from '../store/use-chat-store';
import { MessageItem } from './message-item';
import type { MessageWindow, MessageWindowHook } from '../store/display-options';
import { useDisplayOptions } from '../store/use-display-options';
import { useStickToBottom } from './use-stick-to-bottom';

const noElement = () => undefined;
/** Every message mounted: where no window is given (the widget). */
const useWholeList: MessageWindowHook = (_conversationId, count) => ({
  first: 0,
  end: count,
  topRef: noElement,
  bottomRef: noElement,
  rowRef: noElement,
  toLatest: noElement,
});

/**
 * The conversation as a `role="log"`. Its live announcements are off: the separate status region
 * says "Generating…" / "Response complete", so screen readers never read every token.
 */
export function MessageList({
  conversationId,
  completion,
  lead,
}: {
  conversationId: string;
  completion: boolean;
  /** Shown first, before the messages (the widget's greeting). */
  lead?: ReactNode;
}) {
  // Ids: the list re-renders when messages come and go, not on every token.
  const ids = useChatStoreIds(
    (s) => s.conversations[conversationId]?.messages.map((m) => m.id) ?? [],
  );
  const count = ids.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // A long conversation mounts its last messages, and others as the reader scrolls (the chat
  // page's window; the same hook for the list's whole life).
  const { useMessageWindow = useWholeList } = useDisplayOptions();
  const { first, end, topRef, bottomRef, rowRef, toLatest } = useMessageWindow(
    conversationId,
    count,
    scrollRef,
  );
  const { atBottom, jumpToLatest, followLatest } = useStickToBottom(
    scrollRef,
    contentRef,
    end === count,
  );

  // Opening a conversation or sending a message shows the latest turn.
  useEffect(() => {
    followLatest();
  }, [conversationId, count, followLatest]);

  return (
    <div className="relative min-h-0 flex-1">
      {/* `contain: strict` makes the scroller a layout boundary: a growing answer relayouts only
          what is inside it. The opaque background lets the browser scroll it on the compositor. */}
      <div
        ref={scrollRef}
        data-testid="message-scroller"
        className="h-full overflow-y-auto overscroll-contain bg-white [contain:strict] dark:bg-zinc-950"
        tabIndex={-1}
      >
        <div
          ref={contentRef}
          role="log"
          aria-live="off"
          aria-label="Conversation"
          className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pb-6 pt-4 sm:px-6"
        >
          {first === 0 && lead}
          {first > 0 && <div key={first} ref={topRef} aria-hidden="true" className="h-px" />}
          {ids.slice(first, end).map((id, i) => (
            <MessageRow
              key={id}
              conversationId={conversationId}
              index={first + i}
              completion={completion}
              rowRef={rowRef}
            />
          ))}
          {end < count && <div key={end} ref={bottomRef} aria-hidden="true" className="h-px" />}
        </div>
      </div>
      {!atBottom && (
        <button
          type="button"
          onClick={() => {
            toLatest();
            jumpToLatest('smooth');
          }}
          className={`absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-zinc-200 bg-white/95 px-3 py-1.5 text-sm font-medium text-zinc-700 shadow-lg backdrop-blur hover:bg-white dark:border-zinc-700 dark:bg-zinc-800/95 dark:text-zinc-200 dark:hover:bg-zinc-800 ${FOCUS_RING}`}
        >
          <ArrowDownIcon />
          Jump to latest
        </button>
      )}
    </div>
  );
}

/**
 * One message of the list, memoised: the list renders again when messages come and go or the
 * window moves, and each row already mounted keeps its render (its store subscriptions update it).
 * Unmemoised, every step of a growing window rendered every message mounted so far again — most of
 * the main thread's time while scrolling up through a long conversation.
 */
const MessageRow = memo(function MessageRow({
  conversationId,
  index,
  completion,
  rowRef,
}: {
  conversationId: string;
  index: number;
  completion: boolean;
  rowRef: MessageWindow['rowRef'];
}) {
  const item = (
    <MessageItem conversationId={conversationId} index={index} completion={completion} />
  );
  // Messages off screen skip style, layout and paint: adding earlier ones while the reader scrolls
  // up otherwise laid out every message mounted so far each time. (The text-completion view shows
  // every other message, so it keeps them unwrapped.)
  if (completion) return item;
  return (
    <div
      ref={rowRef}
      data-index={index}
      className="[contain-intrinsic-size:auto_200px] [content-visibility:auto]"
    >
      {item}
    </div>
  );
});
