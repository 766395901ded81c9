'use client';

import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { MessageWindow } from '../store/display-options';
import {
  resolveWindow,
  stepDown,
  stepUp,
  windowAtEnd,
  type Droppable,
  type WindowState,
} from './message-window-steps';

/**
 * How far beyond the view messages start to be added. A transition takes a few frames to render a
 * step, so the window starts well ahead of a fast scroll.
 */
const AHEAD_PX = 3000;
/**
 * Messages wholly farther than this from the view are unmounted at the next step. More than
 * `AHEAD_PX`, so that what a step leaves mounted does not call for the opposite step at once.
 */
const KEEP_PX = 6000;

/**
 * Tells which mounted messages are far from the view, from one IntersectionObserver over every
 * message (the browser computes it after layout; nothing is measured here).
 */
function createRowTracker() {
  const far = new Map<Element, boolean>();
  let observer: IntersectionObserver | null = null;
  return {
    /** Starts observing inside `root`; returns how to stop. */
    start(root: HTMLElement): () => void {
      observer = new IntersectionObserver(
        (entries) => {
          for (const e of entries) if (far.has(e.target)) far.set(e.target, !e.isIntersecting);
        },
        { root, rootMargin: `${KEEP_PX}px 0px ${KEEP_PX}px 0px` },
      );
      for (const el of far.keys()) observer.observe(el);
      return () => {
        observer?.disconnect();
        observer = null;
      };
    },
    /** A message's element, mounted (its cleanup unmounts it). */
    track(el: HTMLElement): () => void {
      far.set(el, false);
      observer?.observe(el);
      return () => {
        far.delete(el);
        observer?.unobserve(el);
      };
    },
    /**
     * Far, and not holding the focus (unmounted, the focus would fall to the page, and keys that
     * scrolled the conversation would no longer reach it). An open editor's text is kept apart.
     */
    droppable(): Droppable {
      const byIndex = new Map<number, Element>();
      for (const [el, isFar] of far)
        if (isFar) byIndex.set(Number(el.getAttribute('data-index')), el);
      return (index) => {
        const el = byIndex.get(index);
        return !!el && !el.contains(document.activeElement);
      };
    },
  };
}

/** Calls `onNear` once when `marker` comes within `margin` of `root`'s view. */
function useNearMarker(
  marker: HTMLElement | null,
  scrollRef: RefObject<HTMLElement | null>,
  margin: string,
  onNear: () => void,
): void {
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });
  // An effect, not the marker's ref callback: refs inside the scroller are set before the
  // scroller's own, so the observer's root is known only once the commit is done.
  useEffect(() => {
    const root = scrollRef.current;
    if (!marker || !root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        latest.current();
      },
      { root, rootMargin: margin },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, scrollRef, margin]);
}

/**
 * Which messages of a conversation are mounted: a range that starts at its last ones and moves
 * with the reader. A marker above the range adds earlier messages when it comes within `AHEAD_PX`
 * of the view, and one below it later ones; each step also unmounts the messages beyond
 * `KEEP_PX` at the other end, so the page holds a few screens of messages however far the reader
 * goes. The browser's scroll anchoring keeps what is being read in place as messages appear or go
 * above it. A new marker element per step (keyed by the bound it marks) is observed afresh, so a
 * marker still in range moves the window again. Opening another conversation, sending, or
 * `toLatest` starts again from the last messages.
 */
export function useMessageWindow(
  conversationId: string,
  count: number,
  scrollRef: RefObject<HTMLElement | null>,
): MessageWindow {
  const [state, setState] = useState<WindowState>(() => windowAtEnd(conversationId));
  const { first, end } = resolveWindow(state, conversationId, count);
  const [rows] = useState(createRowTracker);
  const [top, topRef] = useState<HTMLElement | null>(null);
  const [bottom, bottomRef] = useState<HTMLElement | null>(null);
  const countNow = useRef(count);
  useEffect(() => {
    countNow.current = count;
  }, [count]);

  useEffect(() => {
    const root = scrollRef.current;
    return root ? rows.start(root) : undefined;
  }, [rows, scrollRef]);

  // Transitions: React renders the new messages in slices between frames, so scrolling keeps
  // moving while they are prepared; only inserting them is one piece of work.
  const step = (move: typeof stepUp) =>
    startTransition(() =>
      setState((s) => move(s, conversationId, countNow.current, rows.droppable())),
    );
  useNearMarker(top, scrollRef, `${AHEAD_PX}px 0px 0px 0px`, () => step(stepUp));
  useNearMarker(bottom, scrollRef, `0px 0px ${AHEAD_PX}px 0px`, () => step(stepDown));

  const toLatest = useCallback(() => setState(windowAtEnd(conversationId)), [conversationId]);
  const rowRef = useCallback((el: HTMLElement | null) => (el ? rows.track(el) : undefined), [rows]);

  return { first, end, topRef, bottomRef, rowRef, toLatest };
}
