import { describe, expect, it } from 'vitest';
import type { Conversation } from '../chat/conversation';
import { createSyncApi } from './sync-api';

const conversation = { id: 'c1' } as Conversation;

/** The outcome of a write the server answers with `status` (and `body`). */
async function putAnswered(status: number, body: unknown = { error: { code: 'x' } }) {
  const api = createSyncApi(async () => Response.json(body, { status }));
  return api.put(conversation, 3);
}

describe('createSyncApi: what a write comes to', () => {
  it('is written, in conflict or gone by the server’s answer', async () => {
    expect(await putAnswered(200, { revision: 4 })).toEqual({ kind: 'written', revision: 4 });
    expect(await putAnswered(409, { revision: 5 })).toEqual({ kind: 'conflict', revision: 5 });
    expect(await putAnswered(404)).toEqual({ kind: 'gone' });
  });

  it('is made again later when refused for the moment: a session ended, a body too slow, too many writes, a server error, no network', async () => {
    // 401/403: the edits made until the next sign-in are sent then, not dropped from the sync.
    for (const status of [401, 403, 408, 429, 500, 503]) {
      expect(await putAnswered(status)).toEqual({ kind: 'offline' });
    }
    const offline = createSyncApi(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.put(conversation, undefined)).toEqual({ kind: 'offline' });
  });

  it('is given up when the server will never take this copy', async () => {
    for (const status of [400, 413]) {
      expect(await putAnswered(status)).toEqual({ kind: 'refused', status });
    }
  });
});
