import { describe, expect, it, vi } from 'vitest';
import { createConversation, type Conversation } from './conversation';
import { createMemoryBackend } from './kv-backend';
import type { Message } from './message';
import { createMergedPersistence, type MergeConversations } from './merged-persistence';

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
