import { describe, expect, it } from 'vitest';
import { sseResponse, until, untilRead } from '../../../testing/unit/chat-test-support';
import {
  CHAT,
  createSharedLocks,
  createTabChannels,
  createTestStore,
} from '../../../testing/unit/chat-store-support';
import { createConversation, type Conversation } from './conversation';
import { mergeConversations } from './conversation-merge';
import { createMemoryBackend } from './kv-backend';
import {
  createAssistantMessage,
  type AssistantMessage,
  type AssistantStatus,
  type Message,
} from './message';
import { CONVERSATION_PREFIX, createPersistence, RETRY_LOAD_MS } from './persistence';
import { allMessages } from './versions';

const reply = (text: string) => () => sseResponse([{ type: 'content', text }, { type: 'done' }]);

/** Two tabs over one database, talking over a channel, sharing run locks. */
async function twoTabs(respondA = reply('from A'), respondB = reply('from B')) {
  const backend = createMemoryBackend();
  const [ca, cb] = createTabChannels(2);
  const shared = createSharedLocks();
  const a = createTestStore(respondA, { backend, channel: ca, locks: shared.locks, idPrefix: 'a' });
  const b = createTestStore(respondB, { backend, channel: cb, locks: shared.locks, idPrefix: 'b' });
  await a.store.getState().hydrate();
  await b.store.getState().hydrate();
  return { a, b, backend, shared };
}

describe('chat store: several tabs', () => {
  it('a new conversation, a rename and a deletion in one tab show in the other', async () => {
    const { a, b } = await twoTabs();
    a.store.getState().send('hello', CHAT);
    await until(a.idle);
    const id = a.active().id;
    await until(() => b.store.getState().conversations[id]?.messages.length === 2);
    expect(b.store.getState().order).toEqual([id]);

    await a.store.getState().renameConversation(id, 'Renamed');
    await until(() => b.store.getState().conversations[id]?.title === 'Renamed');

    a.store.getState().deleteConversation(id);
    await until(() => !b.store.getState().conversations[id]);
    expect(b.store.getState().order).toEqual([]);
  });

  it('a save whose merge code fails to load is made again, into the database, not memory', async () => {
    const backend = createMemoryBackend();
    const [ca, cb] = createTabChannels(2);
    const a = createTestStore(reply('from A'), { backend, channel: ca, idPrefix: 'a' });
    await a.store.getState().hydrate();
    a.store.getState().send('first', CHAT);
    await until(a.idle);
    const id = a.active().id;
    // A reloaded tab: its first save of a conversation another page wrote needs the merge, whose
    // chunk fails to load once (offline for a moment, or a redeploy).
    let attempts = 0;
    const b = createTestStore(reply('from B'), {
      backend,
      channel: cb,
      idPrefix: 'b',
      loadMerge: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return (mine, stored) => mergeConversations(mine, stored, Date.now());
      },
    });
    await b.store.getState().hydrate();
    b.store.getState().openRoute(id);
    b.store.getState().send('second', CHAT);
    await until(b.idle);
    await untilRead(
      () => backend.get(CONVERSATION_PREFIX + id),
      (r) => (r as Conversation | undefined)?.messages.at(-1)?.content === 'from B',
      3 * RETRY_LOAD_MS,
    );
    expect(attempts).toBeGreaterThan(1);
    expect(b.store.getState().storageNotice).toBeNull();
  });

  it('two tabs sending in one conversation at once lose no message', async () => {
    const { a, b, backend } = await twoTabs();
    a.store.getState().send('first', CHAT);
    await until(a.idle);
    const id = a.active().id;
    await until(() => b.store.getState().conversations[id]?.messages.length === 2);
    b.store.getState().openRoute(id);
    // Both send before either hears of the other's question.
    a.store.getState().send('from tab A', CHAT);
    b.store.getState().send('from tab B', CHAT);
    await until(() => a.idle() && b.idle());
    // Both tabs' last saves have landed.
    await until(() => a.saved() && b.saved());

    const third = createTestStore(reply(''), { backend });
    await third.store.getState().hydrate();
    const stored = third.store.getState().conversations[id]!;
    const texts = allMessages(stored)
      .map((n) => n.message.content)
      .sort();
    expect(texts).toEqual(['first', 'from A', 'from A', 'from B', 'from tab A', 'from tab B']);
    // Each tab still shows its own turn; the other's is a version next to it.
    expect(a.active().messages.map((m) => m.content)).toContain('from tab A');
    expect(b.active().messages.map((m) => m.content)).toContain('from tab B');
    await until(() => Object.keys(a.active().versions ?? {}).length === 1);
  });

  it('an answer streaming in another tab is shown, can be stopped from here, and is only cut off once its tab is gone', async () => {
    const { a, b, shared } = await twoTabs(() =>
      sseResponse([{ type: 'content', text: 'partial' }], { hang: true }),
    );
    a.store.getState().send('long question', CHAT);
    await until(() => a.frames.pending > 0);
    a.frames.runFrame();
    const id = a.active().id;
    const answerOf = () => b.store.getState().conversations[id]?.messages[1] as AssistantMessage;
    await until(() => answerOf()?.content === 'partial', 2000);
    expect(answerOf().status).toBe('streaming');

    // Stop pressed in tab B stops the run in tab A.
    b.store.getState().stop(id);
    await until(a.idle);
    expect(a.answer().status).toBe('stopped');
    await until(() => answerOf().status === 'stopped');
    expect(shared.isHeld(a.answer().id)).toBe(false);
  });

  it('an answer left streaming by a closed tab is marked cut off by the tab that remains', async () => {
    const backend = createMemoryBackend();
    const [ca, cb] = createTabChannels(2);
    const shared = createSharedLocks();
    const a = createTestStore(
      () => sseResponse([{ type: 'content', text: 'half' }], { hang: true }),
      {
        backend,
        channel: ca,
        locks: shared.locks,
        idPrefix: 'a',
      },
    );
    await a.store.getState().hydrate();
    a.store.getState().send('question', CHAT);
    await until(() => a.frames.pending > 0);
    a.frames.runFrame();
    const id = a.active().id;
    // The streaming answer's text is saved.
    await untilRead(
      () => backend.get(CONVERSATION_PREFIX + id),
      (r) => (r as Conversation | undefined)?.messages[1]?.content === 'half',
    );

    // A second tab loads while the first streams: the answer is left alone.
    const b = createTestStore(reply(''), {
      backend,
      channel: cb,
      locks: shared.locks,
      idPrefix: 'b',
    });
    await b.store.getState().hydrate();
    const answerOf = () => b.store.getState().conversations[id]?.messages[1] as AssistantMessage;
    // The second tab has made up its mind about the answer: it waits for the answer's lock (or,
    // were it to take it for cut off, has settled it).
    await until(() => shared.isAwaited(a.answer().id) || answerOf().status !== 'streaming');
    expect(answerOf().status).toBe('streaming');

    shared.dropAll(); // the first tab closes: the browser releases its locks
    await until(() => answerOf().status === 'incomplete');
    expect(answerOf()).toMatchObject({ content: 'half', interruption: 'reload' });
    a.store.getState().stop(id);
  });

  it('a hidden version left streaming by a closed tab is settled once it is shown', async () => {
    const backend = createMemoryBackend();
    const question = (id: string, t: number): Message => ({
      id,
      role: 'user',
      content: id,
      createdAt: t,
    });
    const answer = (id: string, t: number, status: AssistantStatus): AssistantMessage => ({
      ...createAssistantMessage(id, CHAT.id, t),
      content: `${id} text`,
      status,
    });
    // Tab A's turn, a version beside tab B's, was written streaming: tab A is gone.
    await createPersistence(backend, () => undefined).saveConversation({
      ...createConversation('c', CHAT.id, 1),
      messages: [question('q0', 1), answer('a0', 2, 'stopped'), question('qB', 4)],
      hidden: {
        qA: { parent: 'a0', hiddenAt: 5, message: question('qA', 3) },
        aA: { parent: 'qA', hiddenAt: 5, message: answer('aA', 3, 'streaming') },
      },
      versions: { a0: ['qA', 'qB'] },
    });
    const [channel] = createTabChannels(1);
    const c = createTestStore(() => sseResponse([{ type: 'done' }]), {
      backend,
      channel,
      locks: createSharedLocks().locks,
    });
    await c.store.getState().hydrate();
    c.store.getState().openRoute('c');

    await c.store.getState().showVersion('c', 'qB', -1);
    expect(c.active().messages.map((m) => m.id)).toEqual(['q0', 'a0', 'qA', 'aA']);
    await until(() => c.answer().status !== 'streaming');
    expect(c.answer()).toMatchObject({ status: 'incomplete', interruption: 'reload' });
  });
});
