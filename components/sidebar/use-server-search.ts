'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiFetch } from '../store/use-api-fetch';
import { useServerSyncHandle } from '../store/server-sync-context';

/** A conversation the server's search found: enough to list it (the list route's summary). */
export interface ServerHit {
  id: string;
  title: string;
  updatedAt: number;
}

/** Typing pauses this long before the server is asked: one request per word, not per key. */
export const SERVER_SEARCH_DEBOUNCE_MS = 250;
/** Server matches listed under the local ones. */
const SERVER_HITS = 20;

const searchKey = (user: string, query: string) => ['conversations', 'search', user, query];

/**
 * The signed-in user's search on the server (`GET /api/conversations?q=`), which finds
 * conversations this browser's copy does not hold yet (a device still catching up, a conversation
 * made elsewhere a moment ago). Null in open mode, while the box is empty, and until the first
 * answer. TanStack Query: asked once typing pauses, and a request still running when the words
 * change is cancelled (its signal aborted) rather than left to finish.
 */
export function useServerSearch(query: string): ServerHit[] | null {
  const handle = useServerSyncHandle();
  const client = useQueryClient();
  const fetchFn = useApiFetch();
  const words = query.trim();
  const [asked, setAsked] = useState(words);
  const user = handle?.user ?? '';

  useEffect(() => {
    if (words === asked) return;
    // New input: what was asked before is not wanted any more.
    void client.cancelQueries({ queryKey: searchKey(user, asked) });
    const timer = setTimeout(() => setAsked(words), SERVER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [client, user, words, asked]);

  const result = useQuery({
    queryKey: searchKey(user, asked),
    enabled: Boolean(handle) && asked !== '',
    staleTime: 10_000,
    retry: false,
    queryFn: async ({ signal }): Promise<ServerHit[]> => {
      const params = new URLSearchParams({ q: asked, limit: String(SERVER_HITS) });
      const response = await fetchFn(`/api/conversations?${params}`, { signal });
      if (!response.ok) throw new Error(`search failed (${response.status})`);
      const page = (await response.json()) as { conversations: ServerHit[] };
      return page.conversations;
    },
  });
  if (!handle || words === '' || words !== asked) return null;
  return result.data ?? null;
}
