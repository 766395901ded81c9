import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, databaseForTests } from '@/testing/unit/databases-for-tests';
import type { ConversationsConfig } from '../config/conversations-config';
import {
  deleteConversation,
  getConversation,
  importConversations,
  listConversations,
  patchConversation,
  putConversation,
} from './conversation-handlers';
import type { ConversationDoc } from './conversation-doc';
import type { ConversationsContext } from './conversations-gate';
import { conversationStore } from './conversation-store';
import { MAX_SHARES, readShare, shareStore } from './share-store';
import { createShare, listShares, revokeShare } from './share-handlers';

const CONFIG: ConversationsConfig = {
  dataDir: '.',
  shareLinks: 'signed-in',
  backgroundAnswers: 'signed-in',
  checkpointMs: 3000,
};

const conversation = (id: string) => ({
  id,
  title: 'Tides',
  createdAt: 1,
  updatedAt: 2,
  messages: [
    { id: 'q', role: 'user', content: 'Why tides?', createdAt: 1 },
    {
      id: 'a',
      role: 'assistant',
      content: 'The **Moon**.',
      reasoning: 'gravity',
      status: 'complete',
      createdAt: 2,
      model: 'm',
      requestId: 'chat_secret-request',
      resumeToken: 'secret-token',
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    },
  ],
});

const request = (method: string, body?: unknown, path = '/api/conversations/x') =>
  new Request(`http://app.test${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe.each(DATABASE_KINDS)('conversation routes on %s', (kind) => {
  const db = databaseForTests(kind);
  const as = (user: string): ConversationsContext => ({
    user,
    db: db(),
    store: conversationStore(db(), user),
    config: CONFIG,
  });

  it('answers 404 to another user on every route, and changes nothing of the owner’s', async () => {
    const ada = as('code:ada');
    expect(
      (await putConversation('x', request('PUT', { conversation: conversation('x') }), ada.store))
        .status,
    ).toBe(200);
    const share = (await (await createShare('x', ada)).json()) as { token: string };
    const bob = as('code:bob');
    const statuses = [
      (await getConversation('x', bob.store, 3000)).status,
      (await patchConversation('x', request('PATCH', { title: 'mine' }), bob.store)).status,
      (await deleteConversation('x', bob.store)).status,
      (await createShare('x', bob)).status,
      (await listShares('x', bob)).status,
      (await revokeShare('x', share.token, bob)).status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
    const list = await listConversations(
      request('GET', undefined, '/api/conversations'),
      bob.store,
    );
    expect(await list.json()).toEqual({ conversations: [] });
    const imported = await importConversations(
      request('POST', { conversations: [conversation('x')] }),
      bob.store,
    );
    // Bob's import makes Bob's own conversation "x"; Ada's is untouched.
    expect(await imported.json()).toEqual({ imported: ['x'], skipped: [] });
    const adas = (await (await getConversation('x', ada.store, 3000)).json()) as {
      conversation: { title: string };
    };
    expect(adas.conversation.title).toBe('Tides');
    expect(await readShare(db(), share.token)).not.toBeNull();
  });

  it('refuses bad bodies with the field named, before touching the database', async () => {
    const ada = as('code:ada');
    const bad = await putConversation(
      'x',
      request('PUT', { conversation: { id: 'x' } }),
      ada.store,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { param: string } }).error.param).toBe(
      'conversation.title',
    );
    const extra = await patchConversation(
      'x',
      request('PATCH', { title: 'a', owner: 'b' }),
      ada.store,
    );
    expect(extra.status).toBe(400);
    const other = await putConversation(
      'y',
      request('PUT', { conversation: conversation('x') }),
      ada.store,
    );
    expect(other.status).toBe(400);
    expect(await ada.store.has('x')).toBe(false);
    // Times are whole milliseconds: the database's integer columns would refuse the others (500).
    for (const createdAt of [1.5, 1e20, -1]) {
      const odd = await putConversation(
        'x',
        request('PUT', { conversation: { ...conversation('x'), createdAt } }),
        ada.store,
      );
      expect(odd.status).toBe(400);
      expect(((await odd.json()) as { error: { param: string } }).error.param).toBe(
        'conversation.createdAt',
      );
    }
    expect(await ada.store.has('x')).toBe(false);
    const list = await listConversations(
      request('GET', undefined, '/api/conversations?limit=5000'),
      ada.store,
    );
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ error: { code: 'invalid_request', param: 'limit' } });
  });

  it('tells a sync to ask from early enough to see a write timed by a clock a few seconds behind', async () => {
    const { store } = as('code:ada');
    const changes = async (since: number) =>
      (await (
        await listConversations(
          request('GET', undefined, `/api/conversations?since=${since}`),
          store,
        )
      ).json()) as { conversations: { id: string }[]; now: number };
    const { now } = await changes(0);
    // Written after that sync, on an instance whose clock is 5 s behind this one's.
    await store.put(conversation('late') as ConversationDoc, undefined, Date.now() - 5_000);
    expect((await changes(now)).conversations.map((c) => c.id)).toContain('late');
  });

  it('answers a write over an older revision with 409 and the current revision', async () => {
    const { store } = as('code:ada');
    await putConversation('x', request('PUT', { conversation: conversation('x') }), store);
    await putConversation(
      'x',
      request('PUT', { conversation: conversation('x'), base_revision: 1 }),
      store,
    );
    const stale = await putConversation(
      'x',
      request('PUT', { conversation: conversation('x'), base_revision: 1 }),
      store,
    );
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ revision: 2, error: { code: 'conflict' } });
  });

  it('cuts a title longer than 500 characters instead of refusing the conversation', async () => {
    const { store } = as('code:ada');
    const long = { ...conversation('x'), title: 'T'.repeat(600) };
    const put = await putConversation('x', request('PUT', { conversation: long }), store);
    expect(put.status).toBe(200);
    const read = (await (await getConversation('x', store, 3000)).json()) as {
      conversation: { title: string };
    };
    expect(read.conversation.title).toBe('T'.repeat(500));
  });

  it('shares a snapshot with the text and reasoning only, until revoked', async () => {
    const ada = as('code:ada');
    await putConversation('x', request('PUT', { conversation: conversation('x') }), ada.store);
    const created = (await (await createShare('x', ada)).json()) as { token: string; path: string };
    expect(Buffer.from(created.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const shared = await readShare(db(), created.token);
    expect(shared?.messages).toEqual([
      { role: 'user', content: 'Why tides?' },
      { role: 'assistant', content: 'The **Moon**.', reasoning: 'gravity' },
    ]);
    expect(JSON.stringify(shared)).not.toMatch(/secret|total_tokens|chat_/);
    const listed = (await (await listShares('x', ada)).json()) as { shares: { token: string }[] };
    expect(listed.shares.map((s) => s.token)).toEqual([created.token]);
    expect((await revokeShare('x', created.token, ada)).status).toBe(204);
    expect(await readShare(db(), created.token)).toBeNull();
    expect(await readShare(db(), 'unknown')).toBeNull();
  });

  it('revokes the links of a deleted conversation', async () => {
    const ada = as('code:ada');
    await putConversation('x', request('PUT', { conversation: conversation('x') }), ada.store);
    const { token } = (await (await createShare('x', ada)).json()) as { token: string };
    expect((await deleteConversation('x', ada.store)).status).toBe(204);
    expect(await readShare(db(), token)).toBeNull();
  });

  it('keeps nothing of a revoked link or of a deleted conversation’s links', async () => {
    const ada = as('code:ada');
    await putConversation('x', request('PUT', { conversation: conversation('x') }), ada.store);
    await putConversation('y', request('PUT', { conversation: conversation('y') }), ada.store);
    const { token } = (await (await createShare('x', ada)).json()) as { token: string };
    await createShare('y', ada);
    expect((await revokeShare('x', token, ada)).status).toBe(204);
    expect((await revokeShare('x', token, ada)).status).toBe(404);
    expect((await deleteConversation('y', ada.store)).status).toBe(204);
    // Not marked: gone, with the title and text they held.
    const rows = await db().selectFrom('shares').select(['title', 'snapshot']).execute();
    expect(rows).toEqual([]);
  });

  it(`allows ${MAX_SHARES} live links a conversation, then 409 until one is revoked`, async () => {
    const ada = as('code:ada');
    await putConversation('x', request('PUT', { conversation: conversation('x') }), ada.store);
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SHARES; i++) {
      const created = await createShare('x', ada);
      expect(created.status).toBe(201);
      tokens.push(((await created.json()) as { token: string }).token);
    }
    const refused = await createShare('x', ada);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'too_many_shares' } });
    expect((await revokeShare('x', tokens[0]!, ada)).status).toBe(204);
    expect((await createShare('x', ada)).status).toBe(201);
  });

  it('makes no link to a conversation deleted after it was read, and no more than the limit at once', async () => {
    const ada = as('code:ada');
    await putConversation('x', request('PUT', { conversation: conversation('x') }), ada.store);
    const read = await ada.store.get('x', 3000);
    await deleteConversation('x', ada.store);
    // The deletion landed between the share's read and its write.
    expect(await shareStore(db(), 'code:ada').create('x', read!.conversation)).toBe('gone');
    expect(await db().selectFrom('shares').selectAll().execute()).toEqual([]);
    await putConversation('y', request('PUT', { conversation: conversation('y') }), ada.store);
    const made = await Promise.all(
      Array.from({ length: MAX_SHARES + 5 }, () => createShare('y', ada)),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(MAX_SHARES);
  });

  it('refuses to share when SHARE_LINKS is off', async () => {
    const ada = { ...as('code:ada'), config: { ...CONFIG, shareLinks: 'off' as const } };
    await putConversation('x', request('PUT', { conversation: conversation('x') }), ada.store);
    expect((await createShare('x', ada)).status).toBe(404);
  });
});
