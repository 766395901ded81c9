import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createConversation } from './conversation';
import { createIdbBackend, createMemoryBackend, type KvBackend } from './kv-backend';
import { createPersistence, describeStorageError } from './persistence';

const conv = (id: string) => createConversation(id, 'vllm:chat', 1);

describe('persistence over IndexedDB (idb-keyval)', () => {
  it('round-trips conversations and meta', async () => {
    const p = createPersistence(createIdbBackend('runnel-test-1'), vi.fn());
    await p.saveConversation({ ...conv('a'), title: 'Alpha' });
    await p.saveConversation(conv('b'));
    await p.saveMeta({ activeId: 'a', drafts: { a: 'draft' }, lastModel: 'vllm:chat' });
    await p.deleteConversation('b');
    const snapshot = await createPersistence(createIdbBackend('runnel-test-1'), vi.fn()).load();
    expect(snapshot.conversations.map((c) => c.title)).toEqual(['Alpha']);
    expect(snapshot.meta).toEqual({
      activeId: 'a',
      drafts: { a: 'draft' },
      lastModel: 'vllm:chat',
    });
  });

  it('ignores records that are not conversations', async () => {
    const kv = createMemoryBackend();
    await kv.set('conversation:x', { nope: true });
    await kv.set('meta', 'garbage');
    const snapshot = await createPersistence(kv, vi.fn()).load();
    expect(snapshot).toEqual({
      conversations: [],
      meta: { activeId: null, drafts: {}, lastModel: null },
    });
  });
});

describe('persistence fallback', () => {
  const failing = (name: string): KvBackend => {
    const fail = () => Promise.reject(new DOMException('nope', name));
    return { get: fail, set: fail, del: fail, entries: fail };
  };

  it('falls back to memory on the first failure, tells once, and keeps working', async () => {
    const onFallback = vi.fn();
    const p = createPersistence(failing('QuotaExceededError'), onFallback);
    await p.saveConversation({ ...conv('a'), title: 'Kept in memory' });
    await p.saveConversation(conv('b'));
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(onFallback.mock.calls[0]![0]).toMatch(/storage is full/);
    const snapshot = await p.load();
    expect(snapshot.conversations.map((c) => c.id).sort()).toEqual(['a', 'b']);
  });

  it('a failing load yields an empty state, not an exception', async () => {
    const onFallback = vi.fn();
    const snapshot = await createPersistence(failing('InvalidStateError'), onFallback).load();
    expect(snapshot.conversations).toEqual([]);
    expect(onFallback).toHaveBeenCalledOnce();
  });

  it('describes quota and unavailable storage differently', () => {
    expect(describeStorageError(new DOMException('x', 'QuotaExceededError'))).toMatch(/full/);
    expect(describeStorageError(new Error('no idb'))).toMatch(/unavailable/);
  });

  it('the memory backend stores copies, not references', async () => {
    const kv = createMemoryBackend();
    const value = { n: 1 };
    await kv.set('k', value);
    value.n = 2;
    expect(await kv.get('k')).toEqual({ n: 1 });
  });
});
