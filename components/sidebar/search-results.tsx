'use client';

import { Suspense, type ReactNode } from 'react';
import type { SearchHit } from '@/lib/browser/chat/search';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

// The chat search and the list of its results come together, with the first query (load-search.ts).
export { prepareSearchWhenIdle, searchConversations } from '@/lib/browser/chat/search';

/** Signed in, the server's matches: loaded with a signed-in page's first search only. */
const ServerMatches = lazyComponent(
  onDemand(() => import('./server-matches')),
  (m) => m.ServerMatches,
);

/**
 * The matches of a search in the sidebar, in place of the conversations: how many, the first
 * `limit` rows (`item`), "Show more" (`more`) and, signed in, the server's matches.
 */
export function SearchResults({
  hits,
  limit,
  query,
  signedIn,
  headingClass,
  item,
  more,
  onSelected,
  onDelete,
}: {
  hits: SearchHit[];
  limit: number;
  query: string;
  signedIn: boolean;
  headingClass: string;
  item: (id: string, snippet?: string) => ReactNode;
  more: (total: number) => ReactNode;
  onSelected: () => void;
  onDelete: (id: string, title: string) => void;
}) {
  return (
    <>
      <section aria-label="Search results">
        <p role="status" className={headingClass}>
          {hits.length === 0
            ? 'No conversation matches.'
            : `${hits.length} ${hits.length === 1 ? 'conversation' : 'conversations'}`}
        </p>
        <ul className="space-y-0.5">{hits.slice(0, limit).map((h) => item(h.id, h.snippet))}</ul>
        {more(hits.length)}
      </section>
      {signedIn && (
        <Suspense fallback={null}>
          <ServerMatches query={query} shown={hits} onSelected={onSelected} onDelete={onDelete} />
        </Suspense>
      )}
    </>
  );
}
