'use client';

import { storedText } from '../store/stored-text';
import { useStoredFlag } from '../store/use-stored-flag';

const SIDEBAR_COLLAPSED = storedText('runnel:sidebar-collapsed');

/**
 * Whether the sidebar is hidden on wide screens, remembered in this browser (`localStorage`; the
 * server renders it shown).
 */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  return useStoredFlag(SIDEBAR_COLLAPSED, false);
}
