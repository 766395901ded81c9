import type { Conversation } from '../chat/conversation';

/** A line of a sync: what changed on the server (lib/server/conversations). */
export interface ChangedConversation {
  id: string;
  revision: number;
  changedAt: number;
  deleted?: true;
}

/** A batch read: the conversations found, the ids gone, and the ids to ask for again. */
export interface ConversationBatch {
  conversations: { conversation: Conversation; revision: number }[];
  missing: string[];
  rest: string[];
}

export type PutOutcome =
  | { kind: 'written'; revision: number }
  | { kind: 'conflict'; revision: number }
  | { kind: 'gone' }
  | { kind: 'refused'; status: number }
  | { kind: 'offline' };

/**
 * Refusals that say nothing of the conversation itself, only of this moment: the session ended
 * (401; 403 from a sign-in that no longer admits this user), the body came too slowly (408, a poor
 * connection) or too many writes were under way (429). The write is made again later, as when
 * offline, once signed in again; any other 4xx means the server will never take this copy.
 */
const TRY_AGAIN = new Set([401, 403, 408, 429]);

/** The conversation routes, over the page's fetch. Network failures are `offline`, never thrown. */
export function createSyncApi(fetchFn: typeof fetch, base = '/api/conversations') {
  const call = async (path: string, init?: RequestInit): Promise<Response | null> => {
    try {
      return await fetchFn(`${base}${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...init?.headers },
      });
    } catch {
      return null;
    }
  };
  return {
    /** A page of what changed since `since`; `next` (a cursor) asks for the following page. */
    async changes(
      since: number,
      cursor?: string,
    ): Promise<{ conversations: ChangedConversation[]; now: number; next?: string }> {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const response = await call(`?since=${since}${after}`);
      if (!response?.ok) throw new Error(`sync failed (${response?.status ?? 'offline'})`);
      return (await response.json()) as {
        conversations: ChangedConversation[];
        now: number;
        next?: string;
      };
    },
    /** Up to a hundred conversations in one request (`POST /api/conversations/batch`). */
    async getMany(ids: string[]): Promise<ConversationBatch> {
      const response = await call('/batch', { method: 'POST', body: JSON.stringify({ ids }) });
      if (!response?.ok) throw new Error(`read failed (${response?.status ?? 'offline'})`);
      return (await response.json()) as ConversationBatch;
    },
    async get(id: string): Promise<{ conversation: Conversation; revision: number } | null> {
      const response = await call(`/${encodeURIComponent(id)}`);
      if (response?.status === 404) return null;
      if (!response?.ok) throw new Error(`read failed (${response?.status ?? 'offline'})`);
      return (await response.json()) as { conversation: Conversation; revision: number };
    },
    async put(conversation: Conversation, baseRevision: number | undefined): Promise<PutOutcome> {
      const response = await call(`/${encodeURIComponent(conversation.id)}`, {
        method: 'PUT',
        body: JSON.stringify({
          conversation,
          ...(baseRevision !== undefined ? { base_revision: baseRevision } : {}),
        }),
      });
      if (!response) return { kind: 'offline' };
      if (response.ok)
        return { kind: 'written', ...((await response.json()) as { revision: number }) };
      if (response.status === 409)
        return { kind: 'conflict', ...((await response.json()) as { revision: number }) };
      if (response.status === 404) return { kind: 'gone' };
      if (TRY_AGAIN.has(response.status) || response.status >= 500) return { kind: 'offline' };
      return { kind: 'refused', status: response.status };
    },
    async remove(id: string): Promise<boolean> {
      const response = await call(`/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return Boolean(response && (response.ok || response.status === 404));
    },
    async importAll(
      conversations: Conversation[],
    ): Promise<{ imported: string[]; skipped: string[] } | null> {
      const response = await call('/import', {
        method: 'POST',
        body: JSON.stringify({ conversations }),
      });
      return response?.ok
        ? ((await response.json()) as { imported: string[]; skipped: string[] })
        : null;
    },
  };
}

export type SyncApi = ReturnType<typeof createSyncApi>;
