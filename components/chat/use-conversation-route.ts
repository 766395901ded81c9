'use client';

import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import { afterThisTask, browserHistory, createAddressWriter } from './address-writes';

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

/** Back and Forward moves so far: each one opens what its address names, even a path seen before. */
let historyMoves = 0;

/** Back and Forward change the address without the app asking: the one event that says so. */
function onHistoryMove(onChange: () => void): () => void {
  const moved = () => {
    historyMoves += 1;
    onChange();
  };
  window.addEventListener('popstate', moved);
  return () => window.removeEventListener('popstate', moved);
}

/**
 * The address's path, as Back/Forward and the first load set it, with the count of Back/Forward
 * moves. Read from `location` rather than Next's `usePathname`: that hook brings the whole of
 * `next/navigation` (redirects, not-found and their errors) into the page's JavaScript, and the app
 * changes the address itself otherwise. `serverPath` is what the server rendered (the first render
 * must match it). The count matters because the app's own writes come a task after the change that
 * asked for them (`createAddressWriter`), so the path last read here may be older than the address
 * a Back returns from: a move back to that path must still open its conversation.
 */
function useAddressPath(serverPath: string): { path: string; moves: number } {
  const snapshot = useSyncExternalStore(
    onHistoryMove,
    () => `${historyMoves} ${window.location.pathname}`,
    () => `0 ${serverPath}`,
  );
  const space = snapshot.indexOf(' ');
  return { moves: Number(snapshot.slice(0, space)), path: snapshot.slice(space + 1) };
}

/**
 * Keeps the address and the open conversation in step. The address decides on load and on
 * Back/Forward; opening a conversation in the app adds a history entry. A conversation just
 * created from the new-chat screen, or leaving one that no longer exists, replaces the entry
 * instead, so Back does not return to an empty or deleted chat. Plain `history` calls: no server
 * round trip is needed to switch conversations. They are made in a task after the change
 * (`createAddressWriter`): not inside the key press that sends a first message.
 */
export function useConversationRoute(store: ChatStore, serverPath: string): void {
  const { path, moves } = useAddressPath(serverPath);
  const routeId = routeIdOf(path);

  useLayoutEffect(() => {
    store.getState().openRoute(routeId);
  }, [store, routeId, moves]);

  useEffect(() => {
    const address = createAddressWriter(browserHistory, afterThisTask);
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.activeId === prev.activeId || !s.routed) return;
      const current = routeIdOf(address.path());
      if (s.activeId === current) return;
      const created = s.activeId !== null && !prev.conversations[s.activeId];
      const gone = current !== null && !s.conversations[current];
      address.write(pathOf(s.activeId), created || gone);
    });
    return () => {
      unsubscribe();
      address.flush();
    };
  }, [store]);
}
