'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Within this many pixels of the bottom counts as "at the bottom". */
const THRESHOLD_PX = 48;

/**
 * Follows growing content only while the reader is at the bottom. Scrolling up (wheel, touch,
 * keys, scrollbar) detaches at once, so a streaming answer never yanks the page away from what is
 * being read; `jumpToLatest` re-attaches. Growth is seen with a ResizeObserver, so nothing here
 * runs per token. Detaching is decided by the scroll position moving *up*, not by the distance to
 * the bottom: content can grow between our scroll and the scroll event, which must not count as
 * the reader leaving.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  /**
   * The content reaches the conversation's end. When it does not (the message window holds earlier
   * messages only), the bottom of the content is not the latest turn and never re-attaches: growth
   * there is later messages being added, which following would chase to the end.
   */
  hasEnd = true,
): {
  atBottom: boolean;
  jumpToLatest: (behavior?: ScrollBehavior) => void;
  followLatest: () => void;
} {
  const stuck = useRef(true);
  const endShown = useRef(hasEnd);
  useEffect(() => {
    endShown.current = hasEnd;
  }, [hasEnd]);
  const lastTop = useRef(0);
  const [atBottom, setAtBottom] = useState(true);

  const update = useCallback((value: boolean) => {
    stuck.current = value;
    setAtBottom(value);
  }, []);

  const jumpToLatest = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const el = scrollRef.current;
      if (!el) return;
      update(true);
      el.scrollTo({ top: el.scrollHeight, behavior });
      lastTop.current = el.scrollTop;
    },
    [scrollRef, update],
  );

  /**
   * Re-attaches and scrolls to the bottom at the next frame rather than now: right after a render
   * (a message was just sent), reading the scroll height now would force the browser to lay out
   * the new conversation inside the click or key handler's task.
   */
  const followLatest = useCallback(() => {
    update(true);
    requestAnimationFrame(() => {
      if (stuck.current) jumpToLatest();
    });
  }, [update, jumpToLatest]);

  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    const distance = () => el.scrollHeight - el.scrollTop - el.clientHeight;
    const onScroll = () => {
      const top = el.scrollTop;
      if (top < lastTop.current - 1) {
        if (stuck.current && distance() > THRESHOLD_PX) update(false);
      } else if (!stuck.current && endShown.current && distance() <= THRESHOLD_PX) {
        update(true);
      }
      lastTop.current = top;
    };
    // Intent to read back detaches before the next growth can pull the view down again.
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0 && stuck.current && el.scrollTop > 0) update(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (['PageUp', 'ArrowUp', 'Home'].includes(e.key) && stuck.current) update(false);
    };
    const observer = new ResizeObserver(() => {
      if (!stuck.current) return;
      el.scrollTop = el.scrollHeight;
      lastTop.current = el.scrollTop;
    });
    observer.observe(content);
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
    };
  }, [scrollRef, contentRef, update]);

  return { atBottom, jumpToLatest, followLatest };
}
