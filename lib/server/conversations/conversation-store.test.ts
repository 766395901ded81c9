import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, databaseForTests } from '@/testing/unit/databases-for-tests';
import type { KyselyPlugin } from 'kysely';
import { writeAnswer } from './answer-writer';
import { readBatch } from './conversation-batch';
import type { ConversationDoc } from './conversation-doc';
import { conversationStore } from './conversation-store';

function doc(id: string, updatedAt: number, text = 'hello', title = `Chat ${id}`): ConversationDoc {
  return {
    id,
    title,
    createdAt: updatedAt,
    updatedAt,
    messages: [
      { id: `${id}-q`, role: 'user', content: text, createdAt: updatedAt },
      {
        id: `${id}-a`,
        role: 'assistant',
        content: '',
        reasoning: '',
        status: 'streaming',
        model: 'm',
        createdAt: updatedAt,
        timing: { sentAt: updatedAt },
      },
    ],
  };
}

describe.each(DATABASE_KINDS)('conversation store on %s', (kind) => {
  const db = databaseForTests(kind);

  it('lists one user’s conversations, most recent first, a page at a time', async () => {
    const ada = conversationStore(db(), 'code:ada');
    for (let i = 1; i <= 5; i++) await ada.put(doc(`c${i}`, 1000 + i), undefined);
    await conversationStore(db(), 'code:bob').put(doc('bob1', 5000), undefined);
    const first = await ada.list({ limit: 2 });
    expect(first.conversations.map((c) => c.id)).toEqual(['c5', 'c4']);
    const second = await ada.list({ limit: 2, cursor: first.next! });
    expect(second.conversations.map((c) => c.id)).toEqual(['c3', 'c2']);
    const third = await ada.list({ limit: 2, cursor: second.next! });
    expect(third.conversations.map((c) => c.id)).toEqual(['c1']);
    expect(third.next).toBeUndefined();
  });

  it('searches titles and message text, with % and _ taken literally', async () => {
    const ada = conversationStore(db(), 'code:ada');
    await ada.put(doc('a', 1, 'How do tides work?'), undefined);
    await ada.put(doc('b', 2, 'Recipe for 100% rye'), undefined);
    await ada.put(doc('c', 3, 'nothing', 'Tidal Notes'), undefined);
    const ids = async (query: string) =>
      (await ada.list({ limit: 10, query })).conversations.map((c) => c.id);
    expect(await ids('TIDE')).toEqual(['a']);
    expect(await ids('tid')).toEqual(['c', 'a']);
    expect(await ids('100%')).toEqual(['b']);
    expect(await ids('0_')).toEqual([]);
  });

  it('writes over the revision it read, and refuses an older one', async () => {
    const ada = conversationStore(db(), 'code:ada');
    expect(await ada.put(doc('x', 1), undefined)).toEqual({ ok: true, revision: 1 });
    expect(await ada.put(doc('x', 2), undefined)).toEqual({
      ok: false,
      current: { revision: 1, deleted: false },
    });
    expect(await ada.put(doc('x', 2), 1)).toEqual({ ok: true, revision: 2 });
    expect(await ada.put(doc('x', 3), 1)).toMatchObject({ ok: false });
    expect((await ada.get('x', 3000))?.revision).toBe(2);
  });

  it('writes a conversation it has no row for as new, whatever the write was based on', async () => {
    // The server lost it (an older backup restored): the browser's copy is the one left. A deleted
    // one has its tombstone, and stays deleted (below).
    const ada = conversationStore(db(), 'code:ada');
    expect(await ada.put(doc('lost', 1), 5)).toEqual({ ok: true, revision: 1 });
    expect((await ada.get('lost', 3000))?.conversation.title).toBe('Chat lost');
  });

  it('takes one of two writes over the same revision sent at once; the other is a conflict', async () => {
    const ada = conversationStore(db(), 'code:ada');
    await ada.put(doc('race', 1), undefined);
    for (let base = 1; base <= 10; base++) {
      const results = await Promise.all([
        ada.put(doc('race', base * 10, 'from the laptop'), base),
        ada.put(doc('race', base * 10 + 1, 'from the phone'), base),
      ]);
      expect(results.filter((r) => r.ok)).toEqual([{ ok: true, revision: base + 1 }]);
    }
    // Two first uploads of one new conversation: one is taken, the other told of it.
    const first = await Promise.all([
      ada.put(doc('new', 1), undefined),
      ada.put(doc('new', 2), undefined),
    ]);
    expect(first.filter((r) => r.ok)).toEqual([{ ok: true, revision: 1 }]);
    expect(first.filter((r) => !r.ok)).toEqual([
      { ok: false, current: { revision: 1, deleted: false } },
    ]);
  });

  it('pins beside a concurrent write without losing it', async () => {
    const ada = conversationStore(db(), 'code:ada');
    await ada.put(doc('p', 1), undefined);
    for (let turn = 1; turn <= 10; turn++) {
      const revision = (await ada.get('p', 3000))!.revision;
      const [, written] = await Promise.all([
        ada.patch('p', { pinned: turn % 2 === 0 }),
        ada.put(doc('p', turn, `turn ${turn}`), revision),
      ]);
      const now = (await ada.get('p', 3000))!;
      // Whichever went first, the other did not undo it.
      expect(now.conversation.pinned ?? false).toBe(turn % 2 === 0);
      if (written.ok) expect(now.conversation.messages[0]?.content).toBe(`turn ${turn}`);
    }
  });

  it('keeps users apart: another user’s id is not found for any operation', async () => {
    await conversationStore(db(), 'code:ada').put(doc('x', 1), undefined);
    const bob = conversationStore(db(), 'code:bob');
    expect(await bob.get('x', 3000)).toBeNull();
    expect(await bob.patch('x', { title: 'mine' })).toBeNull();
    expect(await bob.remove('x')).toBe(false);
    expect(await bob.has('x')).toBe(false);
    expect((await bob.list({ limit: 10 })).conversations).toEqual([]);
    expect(await conversationStore(db(), 'code:ada').has('x')).toBe(true);
  });

  it('renames and pins, and the change is in the conversation too', async () => {
    const ada = conversationStore(db(), 'code:ada');
    await ada.put(doc('x', 1), undefined);
    await ada.patch('x', { title: 'Renamed', pinned: true }, 50);
    const got = await ada.get('x', 3000);
    expect(got?.conversation).toMatchObject({ title: 'Renamed', pinned: true, titleEdited: true });
    expect((await ada.list({ limit: 5, query: 'renamed' })).conversations[0]).toMatchObject({
      id: 'x',
      pinned: true,
    });
  });

  it('deletes: gone from the list and reads, a tombstone in the changes', async () => {
    const ada = conversationStore(db(), 'code:ada');
    await ada.put(doc('x', 1), undefined, 100);
    expect(await ada.remove('x', 200)).toBe(true);
    expect(await ada.get('x', 3000)).toBeNull();
    expect((await ada.list({ limit: 5 })).conversations).toEqual([]);
    expect((await ada.changes(150, 10)).conversations).toEqual([
      expect.objectContaining({ id: 'x', deleted: true, changedAt: 200 }),
    ]);
    expect(await ada.put(doc('x', 3), 1)).toMatchObject({ ok: false, current: { deleted: true } });
    // Put back with no base (Undo, an import of an export): it comes back, one revision on.
    expect(await ada.put(doc('x', 4), undefined, 300)).toEqual({ ok: true, revision: 3 });
    expect((await ada.get('x', 3000))?.conversation.updatedAt).toBe(4);
    expect((await ada.changes(250, 10)).conversations).toEqual([
      expect.objectContaining({ id: 'x', revision: 3, changedAt: 300 }),
    ]);
  });

  it('writes no answer into a deleted conversation, and one into a conversation not there yet', async () => {
    const ada = conversationStore(db(), 'code:ada');
    const answer = (conversationId: string) => ({
      user_key: 'code:ada',
      conversation_id: conversationId,
      message_id: `${conversationId}-a`,
      model: 'm',
      content: 'Still streaming when it was deleted.',
      reasoning: '',
      status: 'streaming',
      usage: null,
      finish_reason: null,
      error: null,
      last_seq: 7,
      updated_at: 500,
    });
    await ada.put(doc('x', 1), undefined, 100);
    await writeAnswer(db(), answer('x'));
    expect(await ada.remove('x', 200)).toBe(true);
    // The answer's next checkpoint, after the deletion.
    await writeAnswer(db(), answer('x'));
    await writeAnswer(db(), answer('first'));
    const rows = await db().selectFrom('answers').select('conversation_id').execute();
    expect(rows.map((r) => r.conversation_id)).toEqual(['first']);
  });

  it('merges the answer the server wrote into the conversation it belongs to', async () => {
    const ada = conversationStore(db(), 'code:ada');
    await ada.put(doc('x', 1), undefined, 100);
    await writeAnswer(db(), {
      user_key: 'code:ada',
      conversation_id: 'x',
      message_id: 'x-a',
      model: 'm',
      content: 'The whole answer.',
      reasoning: 'thought',
      status: 'complete',
      usage: JSON.stringify({ prompt_tokens: 1, completion_tokens: 3, total_tokens: 4 }),
      finish_reason: 'stop',
      error: null,
      last_seq: 42,
      updated_at: 500,
    });
    const got = await ada.get('x', 3000, 600);
    expect(got?.conversation.messages[1]).toMatchObject({
      content: 'The whole answer.',
      reasoning: 'thought',
      status: 'complete',
      usage: { total_tokens: 4 },
    });
    // The write moved the conversation into the next sync.
    expect((await ada.changes(400, 10)).conversations.map((c) => c.id)).toEqual(['x']);
    // A batch read merges it the same way.
    const batch = await ada.getMany(['x'], 3000);
    expect(batch.conversations[0]?.conversation.messages[1]).toMatchObject({
      content: 'The whole answer.',
      status: 'complete',
    });
  });

  it('pages the changes: every change once, in order, however many there are', async () => {
    const ada = conversationStore(db(), 'code:ada');
    // Several changes at one server time: the cursor tells them apart by id.
    for (let i = 0; i < 7; i++) await ada.put(doc(`c${i}`, 1), undefined, 100 + Math.floor(i / 3));
    const seen: string[] = [];
    let page = await ada.changes(0, 3);
    seen.push(...page.conversations.map((c) => c.id));
    while (page.next) {
      page = await ada.changes(0, 3, page.next);
      seen.push(...page.conversations.map((c) => c.id));
    }
    expect(seen).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
  });

  it('reads a batch of the user’s conversations: others’ and deleted ones are missing', async () => {
    const ada = conversationStore(db(), 'code:ada');
    await ada.put(doc('a', 1), undefined);
    await ada.put(doc('b', 2), undefined);
    await ada.put(doc('gone', 3), undefined);
    await ada.remove('gone');
    await conversationStore(db(), 'code:bob').put(doc('bobs', 4), undefined);
    const batch = await ada.getMany(['b', 'a', 'gone', 'bobs', 'nowhere'], 3000);
    expect(batch.conversations.map((c) => [c.conversation.id, c.revision])).toEqual([
      ['b', 1],
      ['a', 1],
    ]);
    expect(batch.missing).toEqual(['gone', 'bobs', 'nowhere']);
    expect(batch.rest).toEqual([]);
  });

  it('keeps a batch under its size: what does not fit is left for the next request', async () => {
    const ada = conversationStore(db(), 'code:ada');
    const big = 'x'.repeat(3 * 1024 * 1024);
    for (const id of ['a', 'b', 'c', 'd']) await ada.put(doc(id, 1, big), undefined);
    const first = await ada.getMany(['a', 'b', 'c', 'd'], 3000);
    expect(first.conversations.map((c) => c.conversation.id)).toEqual(['a', 'b']);
    expect(first.rest).toEqual(['c', 'd']);
    const second = await ada.getMany(first.rest, 3000);
    expect(second.conversations.map((c) => c.conversation.id)).toEqual(['c', 'd']);
  });

  it('reads the documents of a batch only as far as its size: the rest are not loaded', async () => {
    const ada = conversationStore(db(), 'code:ada');
    const big = 'x'.repeat(3 * 1024 * 1024);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await ada.put(doc(id, 1, big), undefined);
    // Every document the database hands back, counted as it arrives.
    let read = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        for (const row of args.result.rows as { doc?: unknown }[])
          if (typeof row.doc === 'string') read += row.doc.length;
        return args.result;
      },
    };
    const batch = await readBatch(
      db().withPlugin(counting),
      'code:ada',
      ['a', 'b', 'c', 'd', 'e', 'f'],
      {
        checkpointMs: 3000,
      },
    );
    expect(batch.conversations.map((c) => c.conversation.id)).toEqual(['a', 'b']);
    expect(batch.rest).toEqual(['c', 'd', 'e', 'f']);
    expect(batch.missing).toEqual([]);
    expect(read).toBeLessThan(2.1 * big.length);
  });
});
