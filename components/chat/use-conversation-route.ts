'use client';

import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import type { ChatStore } from '@/lib/browser/chat/chat-store';

const PREFIX = '/c/';

/** The conversation id in an address (`/c/<id>`), or null for a new chat (`/`). */
function routeIdOf(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const raw = pathname.slice(PREFIX.length).split('/', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return raw || null;
  }
}

/** The address of a conversation, or of a new chat. */
function pathOf(id: string | null): string {
  return id === null ? '/' : `${PREFIX}${encodeURIComponent(id)}`;
}

/** Back and Forward change the address without the app asking: the one event that says so. */
function onHistoryMove(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/**
 * The address's path, as Back/Forward and the first load set it. Read from `location` rather than
 * Next's `usePathname`: that hook brings the whole of `next/navigation` (redirects, not-found and
 * their errors) into the page's JavaScript, and the app changes the address itself otherwise.
 * `serverPath` is what the server rendered (the first render must match it).
 */
function useAddressPath(serverPath: string): string {
  return useSyncExternalStore(
    onHistoryMove,
    () => window.location.pathname,
    () => serverPath,
  );
}

/**
 * Keeps the address and the open conversation in step. The address decides on load and on
 * Back/Forward; opening a conversation in the app adds a history entry. A conversation just
 * created from the new-chat screen, or leaving one that no longer exists, replaces the entry
 * instead, so Back does not return to an empty or deleted chat. Plain `history` calls: no server
 * round trip is needed to switch conversations.
 */
export function useConversationRoute(store: ChatStore, serverPath: string): void {
  const routeId = routeIdOf(useAddressPath(serverPath));

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
