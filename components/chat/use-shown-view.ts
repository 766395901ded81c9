'use client';

import { startTransition, useEffect, useState } from 'react';

/** What the chat page's main area shows. */
export type MainView = 'messages' | 'empty' | 'missing' | 'loading';

/**
 * The view the main area shows, given the one the store asks for: the messages come a task after
 * they are asked for when something else was shown (the first send, an import, opening a
 * conversation from the new-chat screen). The task that sent then only updates the store and the
 * composer; mounting the conversation is a task of its own (docs/performance.md, "The first
 * send"). Every other change is shown at once.
 */
export function useShownView(view: MainView): MainView {
  const [shown, setShown] = useState(view);
  const late = view === 'messages' && shown !== 'messages';
  useEffect(() => {
    if (!late) return;
    // A transition: React renders it in slices of a few milliseconds, yielding to the page between
    // them, where a render at once was one task of 35–50 ms at 4× CPU throttling.
    const timer = setTimeout(() => startTransition(() => setShown('messages')), 0);
    return () => clearTimeout(timer);
  }, [late]);
  // What is shown follows the store at once except on the way to the messages (React's pattern
  // for state kept from an earlier render).
  if (!late && shown !== view) setShown(view);
  return late ? shown : view;
}
