import { expect, test } from '@playwright/test';
import { ADA_CODE, BOB_CODE } from '../../testing/stack/conversations-stack';
import { api, conversationDoc, projectApp, sessionCookie } from './helpers';
import { nonce } from '../ui/helpers';

test('another user gets 404 on every route of a conversation, and it stays unchanged', async () => {
  const app = projectApp();
  const [ada, bob] = [await sessionCookie(app, ADA_CODE), await sessionCookie(app, BOB_CODE)];
  const id = `routes-${nonce()}`;
  const doc = conversationDoc(id, `Private ${id}`);
  expect(
    (
      await api(app, ada, `/api/conversations/${id}`, {
        method: 'PUT',
        body: { conversation: doc },
      })
    ).status,
  ).toBe(200);
  const share = (await (
    await api(app, ada, `/api/conversations/${id}/shares`, { method: 'POST' })
  ).json()) as { token: string };

  const statuses = {
    read: (await api(app, bob, `/api/conversations/${id}`)).status,
    rename: (
      await api(app, bob, `/api/conversations/${id}`, {
        method: 'PATCH',
        body: { title: 'Bob was here' },
      })
    ).status,
    pin: (
      await api(app, bob, `/api/conversations/${id}`, { method: 'PATCH', body: { pinned: true } })
    ).status,
    share: (await api(app, bob, `/api/conversations/${id}/shares`, { method: 'POST' })).status,
    shares: (await api(app, bob, `/api/conversations/${id}/shares`)).status,
    revoke: (
      await api(app, bob, `/api/conversations/${id}/shares/${share.token}`, { method: 'DELETE' })
    ).status,
    delete: (await api(app, bob, `/api/conversations/${id}`, { method: 'DELETE' })).status,
  };
  expect(statuses).toEqual({
    read: 404,
    rename: 404,
    pin: 404,
    share: 404,
    shares: 404,
    revoke: 404,
    delete: 404,
  });
  const bobsList = (await (await api(app, bob, `/api/conversations?q=${id}`)).json()) as {
    conversations: unknown[];
  };
  expect(bobsList.conversations).toEqual([]);
  // The batch read answers for several ids at once: Ada's is simply not there for Bob.
  const bobsBatch = await api(app, bob, '/api/conversations/batch', {
    method: 'POST',
    body: { ids: [id] },
  });
  expect(await bobsBatch.json()).toEqual({ conversations: [], missing: [id], rest: [] });
  const adasBatch = (await (
    await api(app, ada, '/api/conversations/batch', { method: 'POST', body: { ids: [id] } })
  ).json()) as { conversations: { conversation: { id: string } }[] };
  expect(adasBatch.conversations.map((c) => c.conversation.id)).toEqual([id]);

  const adas = (await (await api(app, ada, `/api/conversations/${id}`)).json()) as {
    conversation: { title: string; pinned?: boolean };
  };
  expect(adas.conversation.title).toBe(`Private ${id}`);
  expect(adas.conversation.pinned).toBeUndefined();
  const adasList = (await (await api(app, ada, `/api/conversations?q=${id}`)).json()) as {
    conversations: { id: string }[];
  };
  expect(adasList.conversations.map((c) => c.id)).toEqual([id]);
  expect((await fetch(`${app.url}/s/${share.token}`, { headers: { cookie: ada } })).status).toBe(
    200,
  );
  // A write of the same id by Bob, based on any revision, is Bob's own conversation: the server
  // has no row of his for it, so it is taken as new (a lost row is never "deleted"); Ada's stays.
  const bobsDoc = conversationDoc(id, `Bob's ${id}`);
  expect(
    (
      await api(app, bob, `/api/conversations/${id}`, {
        method: 'PUT',
        body: { conversation: bobsDoc, base_revision: 1 },
      })
    ).status,
  ).toBe(200);
  const again = (await (await api(app, ada, `/api/conversations/${id}`)).json()) as {
    conversation: { title: string };
  };
  expect(again.conversation.title).toBe(`Private ${id}`);
});

test('without a session every conversation route answers 401', async () => {
  const app = projectApp();
  for (const path of ['/api/conversations', '/api/conversations/x', '/api/conversations/x/shares'])
    expect((await fetch(`${app.url}${path}`)).status).toBe(401);
  const batch = await fetch(`${app.url}/api/conversations/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ ids: ['x'] }),
  });
  expect(batch.status).toBe(401);
});
