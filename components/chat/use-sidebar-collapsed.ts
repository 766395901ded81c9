'use client';

import { useCallback, useEffect, useState } from 'react';

const KEY = 'runnel:sidebar-collapsed';

/**
 * Whether the sidebar is hidden on wide screens, remembered in this browser. Read after mount (the
 * server cannot know it), so the first paint shows the sidebar and a reader who hid it sees it
 * slide away once; storage that throws simply does not remember.
 */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    try {
      if (window.localStorage.getItem(KEY) === '1') setCollapsed(true);
    } catch {
      // No storage: the default stays.
    }
  }, []);
  const set = useCallback((value: boolean) => {
    setCollapsed(value);
    try {
      window.localStorage.setItem(KEY, value ? '1' : '0');
    } catch {
      // No storage: it lasts until the page closes.
    }
  }, []);
  return [collapsed, set];
}
