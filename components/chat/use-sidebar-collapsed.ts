'use client';

import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'runnel:sidebar-collapsed';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab hiding or showing its sidebar does the same here.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Whether the sidebar is hidden on wide screens, remembered in this browser (`localStorage`; the
 * server renders it shown). Storage that throws simply does not remember.
 */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const collapsed = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((value: boolean) => {
    try {
      window.localStorage.setItem(KEY, value ? '1' : '0');
    } catch {
      // No storage: nothing to remember it in.
    }
    for (const l of listeners) l();
  }, []);
  return [collapsed, set];
}
