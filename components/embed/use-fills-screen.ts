'use client';

import { useSyncExternalStore } from 'react';

/** Where the loader gives the panel the whole screen (widget/loader.ts: `max-width: 640px`). */
const NARROW = 640;

function fillsScreen(): boolean {
  // The frame's own width, against the screen's: only a panel that fills a phone is as wide.
  return window.innerWidth <= NARROW && window.innerWidth >= window.screen.width - 2;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Whether the widget's panel takes the whole screen (a phone): "Make the chat larger" has nothing
 * to offer there.
 */
export function useFillsScreen(): boolean {
  return useSyncExternalStore(subscribe, fillsScreen, () => false);
}
