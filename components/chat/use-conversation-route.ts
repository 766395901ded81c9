'use client';

import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import { createAddressWriter } from './address-writes';

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

/**
 * The address as the first load or the last Back/Forward left it, with how many Back/Forward moves
 * came before (`<moves> <path>`). Only those change it: the app's own writes (a task after its
 * changes, address-writes.ts) are never read back, so a render that happens before or after one
 * cannot take the address for a request to open something. The count makes every move a new
 * value: open A from `/`, then Back to `/` (read as `/` both times) still opens the new chat.
 */
let address: string | undefined;
let moves = 0;

/** Back and Forward change the address without the app asking: the one event that says so. */
function onHistoryMove(onChange: () => void): () => void {
  const moved = () => {
    address = `${++moves} ${window.location.pathname}`;
    onChange();
  };
  window.addEventListener('popstate', moved);
  return () => window.removeEventListener('popstate', moved);
}

/**
 * The address (above), read from `location` rather than Next's `usePathname`: that hook brings the
 * whole of `next/navigation` (redirects, not-found and their errors) into the page's JavaScript,
 * and the app changes the address itself otherwise. `serverPath` is what the server rendered (the
 * first render must match it).
 */
function useAddressPath(serverPath: string): string {
  return useSyncExternalStore(
    onHistoryMove,
    () => (address ??= `0 ${window.location.pathname}`),
    () => `0 ${serverPath}`,
  );
}

/**
 * Keeps the address and the open conversation in step. The address decides on load and on
 * Back/Forward; opening a conversation in the app adds a history entry. A conversation just
 * created from the new-chat screen, or leaving one that no longer exists, replaces the entry
 * instead, so Back does not return to an empty or deleted chat. Plain `history` calls, made a task
 * after the change (address-writes.ts): no server round trip is needed to switch conversations.
 */
export function useConversationRoute(store: ChatStore, serverPath: string): void {
  const address = useAddressPath(serverPath);
  const routeId = routeIdOf(address.slice(address.indexOf(' ') + 1));
  const [writer] = useState(() =>
    typeof window === 'undefined'
      ? null
      : createAddressWriter({
          history: window.history,
          pathname: () => window.location.pathname,
          later: (cb) => setTimeout(cb, 0),
        }),
  );

  useLayoutEffect(() => {
    store.getState().openRoute(routeId);
  }, [store, routeId, address]);

  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.activeId === prev.activeId || !s.routed || !writer) return;
        const current = routeIdOf(writer.path());
        if (s.activeId === current) return;
        const created = s.activeId !== null && !prev.conversations[s.activeId];
        const gone = current !== null && !s.conversations[current];
        writer.write(pathOf(s.activeId), created || gone);
      }),
    [store, writer],
  );
}
