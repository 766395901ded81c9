'use client';

import { Suspense } from 'react';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

/** The offer to move this browser's chats into the account: signed-in pages only, on demand. */
const moveLocalChats = onDemand(() => import('./move-local-chats'));
const MoveLocalChats = lazyComponent(moveLocalChats, (m) => m.MoveLocalChats);

/**
 * Where the offer goes: the layout renders it for a signed-in user only, so an open server's page
 * never loads its code (docs/performance.md).
 */
export function MoveLocalChatsSlot() {
  return (
    <Suspense fallback={null}>
      <MoveLocalChats />
    </Suspense>
  );
}
