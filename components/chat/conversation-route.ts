'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useLayoutEffect } from 'react';
import type { ChatStore } from '@/lib/browser/chat/chat-store';

const PREFIX = '/c/';

/** The conversation id in an address (`/c/<id>`), or null for a new chat (`/`). */
export function routeIdOf(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const raw = pathname.slice(PREFIX.length).split('/', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return raw || null;
  }
}

/** The address of a conversation, or of a new chat. */
export function pathOf(id: string | null): string {
  return id === null ? '/' : `${PREFIX}${encodeURIComponent(id)}`;
}

/**
 * Keeps the address and the open conversation in step. The address decides on load and on
 * Back/Forward; opening a conversation in the app adds a history entry. A conversation just
 * created from the new-chat screen, or leaving one that no longer exists, replaces the entry
 * instead, so Back does not return to an empty or deleted chat. Plain `history` calls: Next keeps
 * `usePathname` in step with them, and no server round trip is needed to switch conversations.
 */
export function useConversationRoute(store: ChatStore): void {
  const routeId = routeIdOf(usePathname());

  useLayoutEffect(() => {
    store.getState().openRoute(routeId);
  }, [store, routeId]);

  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.activeId === prev.activeId || !s.routed) return;
        const current = routeIdOf(window.location.pathname);
        if (s.activeId === current) return;
        const created = s.activeId !== null && !prev.conversations[s.activeId];
        const gone = current !== null && !s.conversations[current];
        const path = pathOf(s.activeId);
        if (created || gone) window.history.replaceState(null, '', path);
        else window.history.pushState(null, '', path);
      }),
    [store],
  );
}
