'use client';

import { useEffect, useState } from 'react';
import type { Conversation } from '@/lib/browser/chat/conversation';
import { mergeConversations } from '@/lib/browser/chat/conversation-merge';
import { createIdbBackend } from '@/lib/browser/chat/kv-backend';
import { createMergedPersistence } from '@/lib/browser/chat/merged-persistence';
import { createPersistence } from '@/lib/browser/chat/persistence';
import { createBroadcastTabChannel } from '@/lib/browser/chat/tab-channel';
import { clearLocalCopy, SIGNED_OUT_KEY } from '@/lib/browser/sync/clear-local-copy';
import { localCopyNames } from '@/lib/browser/sync/local-copy';
import { moveLocalChats } from '@/lib/browser/sync/move-local-chats';
import { createSyncApi } from '@/lib/browser/sync/sync-api';
import { useApiFetch } from '../store/use-api-fetch';
import { useServerSyncHandle } from '../store/server-sync-context';
import { Button } from '../ui/text-button';

const DISMISSED_KEY = 'runnel:move-offer-dismissed';

/**
 * Signed in on a browser that has chats from before (open mode, or kept before sign-in): offers to
 * move them into the account. Also finishes a sign-out's clearing of the previous user's copy (the
 * page that signed out may have saved once more as it went away).
 */
export function MoveLocalChats() {
  const handle = useServerSyncHandle();
  const fetchFn = useApiFetch();
  const [found, setFound] = useState<Conversation[]>([]);
  const [busy, setBusy] = useState(false);
  const unowned = () =>
    createPersistence(createIdbBackend(localCopyNames(null).database), () => undefined);

  useEffect(() => {
    if (!handle) return;
    const previous = window.localStorage.getItem(SIGNED_OUT_KEY);
    if (previous && previous !== handle.user) void clearLocalCopy(previous);
    window.localStorage.removeItem(SIGNED_OUT_KEY);
    if (window.sessionStorage.getItem(DISMISSED_KEY)) return;
    void unowned()
      .load()
      .then((snapshot) => setFound(snapshot.conversations));
  }, [handle]);

  if (!handle || found.length === 0) return null;
  const move = async () => {
    setBusy(true);
    const names = localCopyNames(handle.user);
    await moveLocalChats(found, {
      api: createSyncApi(fetchFn),
      unowned: unowned(),
      mine: createMergedPersistence(
        createIdbBackend(names.database),
        () => undefined,
        undefined,
        () => Promise.resolve((mine, stored) => mergeConversations(mine, stored, Date.now())),
      ),
      channel: createBroadcastTabChannel(names.channel),
      sendMerged: (id) => handle.current()?.changed(id),
    });
    setBusy(false);
    setFound([]);
  };
  const dismiss = () => {
    window.sessionStorage.setItem(DISMISSED_KEY, '1');
    setFound([]);
  };
  return (
    <section
      role="region"
      aria-label="Chats on this browser"
      className="fixed inset-x-0 bottom-4 z-40 mx-auto flex w-fit max-w-[90vw] flex-wrap items-center gap-2 rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <p>
        {found.length === 1 ? '1 chat' : `${found.length} chats`} on this browser{' '}
        {found.length === 1 ? 'is' : 'are'} not in your account.
      </p>
      <Button variant="primary" size="sm" disabled={busy} onClick={() => void move()}>
        Move to my account
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={dismiss}>
        Not now
      </Button>
    </section>
  );
}
