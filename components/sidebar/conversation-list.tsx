'use client';

import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { groupByDate } from '@/lib/browser/chat/date-groups';
import type { SearchHit } from '@/lib/browser/chat/search';
import { useChatStore, useChatStoreApi, useChatStoreIds } from '../store/use-chat-store';
import { Button } from '../ui/text-button';
import { useNow } from '../ui/use-now';
import { ConversationItem } from './conversation-item';
import { loadSearch, searchModule } from './load-search';
import { useServerSyncHandle } from '../store/server-sync-context';

export interface ConversationListProps {
  query: string;
  onSelected: () => void;
  onDelete: (id: string, title: string) => void;
}

/** Rows rendered at first, and added by each "Show more": a long history costs no more to open. */
const PAGE = 100;

const headingId = (group: string) => `sidebar-${group.toLowerCase().replace(/\W+/g, '-')}`;

const HEADING = 'px-2.5 pb-1 pt-3 text-xs font-medium text-zinc-500 first:pt-0 dark:text-zinc-400';

/**
 * The conversations: pinned first, then by date (Today, Yesterday, Previous 7 days, Older), or the
 * matches of a search. It subscribes to the order and the pinned ids only, so a streaming answer
 * (which changes its conversation on every frame) does not re-render the list.
 */
export const ConversationList = memo(function ConversationList({
  query,
  onSelected,
  onDelete,
}: ConversationListProps) {
  const store = useChatStoreApi();
  // Rows follow the order a render later, at a lower priority: the task that sends a first
  // question (or imports, or deletes) does not also render the sidebar (docs/performance.md,
  // "The first send"). A row whose conversation is gone meanwhile shows nothing (ConversationItem).
  const order = useDeferredValue(useChatStore((s) => s.order));
  const pinned = useChatStoreIds((s) => s.order.filter((id) => s.conversations[id]?.pinned));
  const hydrated = useChatStore((s) => s.hydrated);
  // Groups move at midnight: a coarse clock is enough.
  const now = useNow(true, 60_000);
  const [shown, setShown] = useState({ query, limit: PAGE });
  // A new search starts from the first page again.
  const limit = shown.query === query ? shown.limit : PAGE;
  const more = (total: number) =>
    total > limit && (
      <Button
        variant="ghost"
        size="sm"
        className="mt-1 w-full"
        onClick={() => setShown({ query, limit: limit + 2 * PAGE })}
      >
        Show more ({total - limit})
      </Button>
    );

  // The search code arrives with the first query (usually already loaded when the box got focus).
  const [searchReady, setSearchReady] = useState(() => searchModule() !== null);
  const searching = query.trim() !== '';
  useEffect(() => {
    if (searching && !searchReady) void loadSearch().then(() => setSearchReady(true));
  }, [searching, searchReady]);

  const hits = useMemo((): SearchHit[] | null => {
    const search = searchModule();
    if (!query.trim() || !search || !searchReady) return null;
    const { conversations } = store.getState();
    return search.searchConversations(
      order.flatMap((id) => (conversations[id] ? [conversations[id]] : [])),
      query,
      limit,
    );
  }, [store, order, query, searchReady, limit]);

  // Signed in, the server's search adds what this browser's copy does not match (or hold) yet.
  const signedIn = useServerSyncHandle() !== null;

  const groups = useMemo(() => {
    const pinnedSet = new Set(pinned);
    const { conversations } = store.getState();
    const rest = order.filter((id) => !pinnedSet.has(id));
    return [
      ...(pinned.length ? [{ group: 'Pinned', ids: pinned }] : []),
      ...groupByDate(rest, (id) => conversations[id]?.updatedAt ?? 0, now),
    ];
  }, [store, order, pinned, now]);

  const item = (id: string, snippet?: string) => (
    <ConversationItem
      key={id}
      id={id}
      snippet={snippet}
      onSelected={onSelected}
      onDelete={onDelete}
    />
  );

  // Hits exist once the search module is loaded, and its list of results with it.
  const search = searchModule();
  if (hits && search) {
    return (
      <search.SearchResults
        hits={hits}
        limit={limit}
        query={query}
        signedIn={signedIn}
        headingClass={HEADING}
        item={item}
        more={more}
        onSelected={onSelected}
        onDelete={onDelete}
      />
    );
  }
  if (hydrated && order.length === 0)
    return <p className="px-2.5 py-2 text-sm text-zinc-500">No conversations yet.</p>;
  // The first `limit` rows, across the groups in order.
  let left = limit;
  const visible = groups.flatMap(({ group, ids }) => {
    const take = ids.slice(0, Math.max(0, left));
    left -= take.length;
    return take.length ? [{ group, ids: take }] : [];
  });
  return (
    <>
      {visible.map(({ group, ids }) => (
        <section key={group} aria-labelledby={headingId(group)}>
          <h2 id={headingId(group)} className={HEADING}>
            {group}
          </h2>
          <ul className="mb-2 space-y-0.5">{ids.map((id) => item(id))}</ul>
        </section>
      ))}
      {more(order.length)}
    </>
  );
});
