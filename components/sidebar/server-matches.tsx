'use client';

import { useChatStoreApi } from '../store/use-chat-store';
import { ConversationItem } from './conversation-item';
import { ServerHitItem } from './server-hit-item';
import { useServerSearch } from './use-server-search';

const HEADING = 'px-2.5 pb-1 pt-3 text-xs font-medium text-zinc-500 dark:text-zinc-400';

/**
 * Signed in: what the server's search found beyond the local matches (`shown`), listed under
 * them. Loaded on demand with the first search of a signed-in page, never with an open server's
 * page (docs/performance.md).
 */
export function ServerMatches({
  query,
  shown,
  onSelected,
  onDelete,
}: {
  query: string;
  shown: readonly { id: string }[];
  onSelected: () => void;
  onDelete: (id: string, title: string) => void;
}) {
  const store = useChatStoreApi();
  const found = useServerSearch(query);
  const local = new Set(shown.map((h) => h.id));
  const extra = found?.filter((h) => !local.has(h.id)) ?? [];
  if (extra.length === 0) return null;
  const { conversations } = store.getState();
  return (
    <section aria-label="Found in your account">
      <p role="status" className={HEADING}>
        Found in your account: {extra.length}
      </p>
      <ul className="space-y-0.5">
        {extra.map((h) =>
          conversations[h.id] ? (
            <ConversationItem key={h.id} id={h.id} onSelected={onSelected} onDelete={onDelete} />
          ) : (
            <ServerHitItem key={h.id} id={h.id} title={h.title} onSelected={onSelected} />
          ),
        )}
      </ul>
    </section>
  );
}
