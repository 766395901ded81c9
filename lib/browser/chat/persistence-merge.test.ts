import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConversation, type Conversation } from './conversation';
import { mergeConversations } from './conversation-merge';
import { createMemoryBackend } from './kv-backend';
import {
  createAssistantMessage,
  type AssistantMessage,
  type AssistantStatus,
  type Message,
} from './message';
import { createMergedPersistence, type MergeConversations } from './merged-persistence';
import { RETRY_LOAD_MS } from './persistence';
import { allMessages } from './versions';

const user = (id: string): Message => ({ id, role: 'user', content: id, createdAt: 1 });
const withMessages = (c: Conversation, ...ids: string[]) => ({
  ...c,
  messages: ids.map(user),
});

/** A merge that keeps every message of both copies, counting its calls. */
function unionMerge() {
  const merge = vi.fn<MergeConversations>((mine, stored) => ({
    ...mine,
    messages: [
      ...stored.messages,
      ...mine.messages.filter((m) => !stored.messages.some((s) => s.id === m.id)),
    ],
  }));
  const load = vi.fn(async () => merge);
  return { merge, load };
}

/**
 * Two tabs over one database, on a fake clock: tab two wrote conversation `c`, and tab one's
 * merge code fails to load once (offline for a moment, a redeploy), as its next save needs it.
 */
async function mergeFailingOnce() {
  vi.useFakeTimers();
  const kv = createMemoryBackend();
  const one = unionMerge();
  one.load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
  const onFallback = vi.fn();
  const tabOne = createMergedPersistence(kv, onFallback, undefined, one.load);
  const tabTwo = createMergedPersistence(kv, vi.fn(), undefined, unionMerge().load);
  const c = createConversation('c', 'vllm:chat', 1);
  await tabTwo.saveConversation(withMessages(c, 'a'));
  return { kv, one, onFallback, tabOne, tabTwo, c };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('saving merged with what other tabs wrote', () => {
  it('a tab alone never loads the merge: its own last write needs none', async () => {
    const kv = createMemoryBackend();
    const { load } = unionMerge();
    const p = createMergedPersistence(kv, vi.fn(), undefined, load);
    const c = createConversation('c', 'vllm:chat', 1);
    await Promise.all([
      p.saveConversation(withMessages(c, 'a')),
      p.saveConversation(withMessages(c, 'a', 'b')),
    ]);
    await p.saveConversation(withMessages(c, 'a', 'b', 'c'));
    expect(load).not.toHaveBeenCalled();
    expect((await p.loadConversation!('c'))?.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('the merge failing to load (offline, a redeploy) delays that save: storage stays', async () => {
    const { kv, one, onFallback, tabOne, tabTwo, c } = await mergeFailingOnce();
    let saved = false;
    void tabOne.saveConversation(withMessages(c, 'a', 'b')).then(() => (saved = true));
    const later = tabOne.saveConversation(withMessages(c, 'a', 'b', 'c'));
    await vi.advanceTimersByTimeAsync(RETRY_LOAD_MS - 1);
    expect(saved).toBe(false);
    expect(one.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await later;
    expect(saved).toBe(true);
    expect(onFallback).not.toHaveBeenCalled();
    // Into the database, in the order asked for, not into memory.
    const stored = await tabTwo.loadConversation!('c');
    expect(stored?.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(await kv.entries()).toHaveLength(1);
  });

  it('a save waiting for the merge code does not bring back a conversation deleted meanwhile', async () => {
    const { kv, one, tabOne, tabTwo, c } = await mergeFailingOnce();
    const saved = tabOne.saveConversation(withMessages(c, 'a', 'b'));
    await vi.advanceTimersByTimeAsync(0);
    await tabTwo.deleteConversation('c');
    await vi.advanceTimersByTimeAsync(RETRY_LOAD_MS);
    await saved;
    expect(one.load).toHaveBeenCalledTimes(2);
    expect(await kv.entries()).toEqual([]);
  });

  it("another tab's write is merged in, not overwritten", async () => {
    const kv = createMemoryBackend();
    const one = unionMerge();
    const two = unionMerge();
    const tabOne = createMergedPersistence(kv, vi.fn(), undefined, one.load);
    const tabTwo = createMergedPersistence(kv, vi.fn(), undefined, two.load);
    const c = createConversation('c', 'vllm:chat', 1);
    await tabOne.saveConversation(withMessages(c, 'a'));
    await tabTwo.saveConversation(withMessages(c, 'a', 'from-two'));
    await tabOne.saveConversation(withMessages(c, 'a', 'from-one'));
    expect(one.merge).toHaveBeenCalledTimes(1);
    const stored = await tabOne.loadConversation!('c');
    expect(stored?.messages.map((m) => m.id)).toEqual(['a', 'from-two', 'from-one']);
  });
});

describe('saving after a merge brought in what this tab does not have yet', () => {
  const answer = (id: string, status: AssistantStatus, rev: number, t: number) => ({
    ...createAssistantMessage(id, 'vllm:slow', t),
    content: `${id} ${rev}`,
    status,
    rev,
  });
  const merge = async () => (mine: Conversation, stored: Conversation) =>
    mergeConversations(mine, stored, 99);
  const statusOf = (c: Conversation, id: string) =>
    (allMessages(c).find((n) => n.message.id === id)?.message as AssistantMessage | undefined)
      ?.status;
  const turn = (c: Conversation, question: string, reply: AssistantMessage): Conversation => ({
    ...c,
    messages: [
      ...c.messages,
      { id: question, role: 'user', content: question, createdAt: 3 },
      reply,
    ],
  });

  it("a stale streaming copy of the other tab's answer never replaces its stopped one on disk", async () => {
    const kv = createMemoryBackend();
    const tabA = createMergedPersistence(kv, vi.fn(), undefined, merge);
    const tabB = createMergedPersistence(kv, vi.fn(), undefined, merge);
    const base = { ...createConversation('c', 'vllm:slow', 1), messages: [user('q0')] };
    await tabA.saveConversation(base);

    // Both tabs ask at once; B saves its answer streaming, and A hears of it and merges it in.
    await tabB.saveConversation(turn(base, 'qB', answer('aB', 'streaming', 1, 4)));
    let storeA = turn(base, 'qA', answer('aA', 'streaming', 1, 5));
    storeA = mergeConversations(storeA, (await tabA.loadConversation!('c'))!, 99);
    expect(statusOf(storeA, 'aB')).toBe('streaming');

    // B stops and saves. A saves while its answer still streams: merged with B's stopped copy on
    // disk, though A's store has not heard of it yet.
    await tabB.saveConversation(turn(base, 'qB', answer('aB', 'stopped', 5, 4)));
    const streamingA = {
      ...storeA,
      messages: [...storeA.messages.slice(0, -1), answer('aA', 'streaming', 2, 5)],
    };
    await tabA.saveConversation(streamingA);
    // A stops and saves again, before hearing of B's save: its store still has B's answer streaming.
    const stoppedA = {
      ...storeA,
      messages: [...storeA.messages.slice(0, -1), answer('aA', 'stopped', 3, 5)],
    };
    await tabA.saveConversation(stoppedA);

    const stored = (await tabA.loadConversation!('c'))!;
    expect(statusOf(stored, 'aA')).toBe('stopped');
    expect(statusOf(stored, 'aB')).toBe('stopped');
  });
});
