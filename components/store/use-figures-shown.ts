'use client';

import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'runnel:figures-hidden';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== '1';
  } catch {
    return true;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // The choice made in another tab holds here too.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Whether the figures under answers and the conversation's token count are shown: a reader's
 * choice in the settings, remembered in this browser (`localStorage`), shown by default.
 */
export function useFiguresShown(): [boolean, (shown: boolean) => void] {
  const shown = useSyncExternalStore(subscribe, read, () => true);
  const set = useCallback((value: boolean) => {
    try {
      window.localStorage.setItem(KEY, value ? '0' : '1');
    } catch {
      // No storage: nothing to remember it in.
    }
    for (const l of listeners) l();
  }, []);
  return [shown, set];
}
