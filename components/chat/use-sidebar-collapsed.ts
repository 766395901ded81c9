'use client';

import { storedText, useStoredFlag } from '../store/stored-text';

const SIDEBAR_COLLAPSED = storedText('runnel:sidebar-collapsed');

/**
 * Whether the sidebar is hidden on wide screens, remembered in this browser (`localStorage`; the
 * server renders it shown).
 */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  return useStoredFlag(SIDEBAR_COLLAPSED, false);
}
