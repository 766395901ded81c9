'use client';

import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * Messages shown when a conversation opens: its last ones, more than a tall screen holds. A
 * conversation of 1,000 messages rendered whole took seconds to open (`npm run bench:render`);
 * the last few dozen show at once.
 */
export const FIRST_MESSAGES = 24;
/**
 * Messages added above each time the reader scrolls near the top of what is shown. Each step is
 * rendered as a transition (below), so its size sets how far ahead the window keeps, not how long a
 * frame waits.
 */
const MORE_MESSAGES = 24;
/**
 * How far above the view earlier messages start to be added. A transition takes a few frames to
 * render a step, so the window starts well ahead of a fast scroll.
 */
const AHEAD_PX = 3000;

/**
 * Which messages of a conversation are mounted: the last `shown` of `count`. A marker above them
 * (`sentinelRef`) adds earlier ones when it comes within `AHEAD_PX` of the view; the browser's
 * scroll anchoring keeps what is being read in place as they appear above it. A new marker element
 * per step (keyed by `shown`) is observed afresh, so a marker still in range adds the next step too.
 * Opening another conversation starts again from its last messages.
 */
export function useMessageWindow(
  conversationId: string,
  count: number,
  scrollRef: RefObject<HTMLElement | null>,
): { first: number; shown: number; sentinelRef: (el: HTMLElement | null) => void } {
  const [state, setState] = useState({ conversationId, shown: FIRST_MESSAGES });
  const shown = state.conversationId === conversationId ? state.shown : FIRST_MESSAGES;
  const first = Math.max(0, count - shown);
  const [sentinel, sentinelRef] = useState<HTMLElement | null>(null);

  // An effect, not the marker's ref callback: refs inside the scroller are set before the
  // scroller's own, so the observer's root is known only once the commit is done.
  useEffect(() => {
    const root = scrollRef.current;
    if (!sentinel || !root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        // A transition: React renders the new messages in slices between frames, so scrolling
        // keeps moving while they are prepared; only inserting them is one piece of work.
        startTransition(() =>
          setState((s) => ({
            conversationId,
            shown: (s.conversationId === conversationId ? s.shown : FIRST_MESSAGES) + MORE_MESSAGES,
          })),
        );
      },
      { root, rootMargin: `${AHEAD_PX}px 0px 0px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, conversationId, scrollRef]);

  return { first, shown, sentinelRef };
}
