'use client';

import {
  MutationObserver,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Conversation } from '@/lib/browser/chat/conversation';
import { mergeConversations } from '@/lib/browser/chat/conversation-merge';
import { createIdbBackend } from '@/lib/browser/chat/kv-backend';
import { createMergedPersistence } from '@/lib/browser/chat/merged-persistence';
import { createBroadcastTabChannel } from '@/lib/browser/chat/tab-channel';
import { localCopyNames } from '@/lib/browser/sync/local-copy';
import { createServerSync, type ServerSync } from '@/lib/browser/sync/server-sync';
import { createSyncApi, type PutOutcome } from '@/lib/browser/sync/sync-api';
import { createLedgerStore, webTabPresence } from '@/lib/browser/sync/sync-ledger';
import { useApiFetch } from './use-api-fetch';
import type { ServerSyncHandle } from './server-sync-context';

/**
 * How often an open page asks the server what changed: a change on another device shows here
 * within about this long (plus one read).
 */
export const SYNC_INTERVAL_MS = 2_000;

type CachedConversation = { conversation: Conversation; revision: number | null } | null;

const conversationKey = (id: string) => ['conversation', id] as const;

/**
 * A write as a TanStack Query mutation: the cached conversation shows the new copy at once and is
 * put back as it was when the server does not take it.
 */
function writeThrough(client: QueryClient, api: ReturnType<typeof createSyncApi>) {
  return (conversation: Conversation, base: number | undefined): Promise<PutOutcome> =>
    new MutationObserver<PutOutcome, Error, void, { previous: CachedConversation | undefined }>(
      client,
      {
        mutationKey: ['conversation-write', conversation.id],
        mutationFn: () => api.put(conversation, base),
        onMutate: () => {
          const key = conversationKey(conversation.id);
          const previous = client.getQueryData<CachedConversation>(key);
          const optimistic: CachedConversation = { conversation, revision: base ?? null };
          client.setQueryData(key, () => optimistic);
          return { previous };
        },
        onSettled: (outcome, _error, _v, context) => {
          const key = conversationKey(conversation.id);
          const settled: CachedConversation =
            outcome?.kind === 'written'
              ? { conversation, revision: outcome.revision }
              : (context?.previous ?? null);
          client.setQueryData(key, () => settled);
        },
      },
    ).mutate();
}

/**
 * Runs the signed-in page's server sync (lib/browser/sync/server-sync.ts) through TanStack Query:
 * the changes are a query refetched every `SYNC_INTERVAL_MS` (and on focus and reconnect), each
 * changed conversation a cached query, each write a mutation. Changes made offline go out when the
 * browser is back online.
 */
export function useServerSync(handle: ServerSyncHandle): void {
  const client = useQueryClient();
  const fetchFn = useApiFetch();
  const [sync] = useState<ServerSync>(() => {
    const api = createSyncApi(fetchFn);
    const names = localCopyNames(handle.user);
    return createServerSync({
      api,
      local: createMergedPersistence(
        createIdbBackend(names.database),
        () => undefined,
        undefined,
        () => Promise.resolve((mine, stored) => mergeConversations(mine, stored, Date.now())),
        { mergeEveryWrite: true },
      ),
      channel: createBroadcastTabChannel(names.channel),
      ledger: createLedgerStore(() => window.localStorage, handle.user, webTabPresence()),
      merge: (local, server) => mergeConversations(local, server, Date.now()),
      write: writeThrough(client, api),
      readMany: async (ids) => {
        const batch = await api.getMany(ids);
        // Each conversation read is also its cached query, as a single read would leave it.
        for (const found of batch.conversations)
          client.setQueryData(conversationKey(found.conversation.id), () => found);
        return batch;
      },
    });
  });
  useEffect(() => {
    const detach = handle.attach(sync);
    const online = () => void sync.flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      detach();
    };
  }, [handle, sync]);
  useQuery({
    queryKey: ['conversations', 'sync', handle.user],
    queryFn: async () => {
      await sync.pull();
      return Date.now();
    },
    refetchInterval: SYNC_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: 'always',
    retry: false,
  });
}
