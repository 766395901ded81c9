import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createConversation } from './conversation';
import { createIdbBackend, createMemoryBackend, type KvBackend } from './kv-backend';
import { createStorageStash } from './meta-stash';
import { createPersistence, storageFailure } from './persistence';

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
    return { get: fail, set: fail, del: fail, entries: fail, update: fail };
  };

  it('falls back to memory on the first failure, tells once, and keeps working', async () => {
    const onFallback = vi.fn();
    const p = createPersistence(failing('QuotaExceededError'), onFallback);
    await p.saveConversation({ ...conv('a'), title: 'Kept in memory' });
    await p.saveConversation(conv('b'));
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(onFallback.mock.calls[0]![0]).toBe('full');
    const snapshot = await p.load();
    expect(snapshot.conversations.map((c) => c.id).sort()).toEqual(['a', 'b']);
  });

  it('a failing load yields an empty state, not an exception', async () => {
    const onFallback = vi.fn();
    const snapshot = await createPersistence(failing('InvalidStateError'), onFallback).load();
    expect(snapshot.conversations).toEqual([]);
    expect(onFallback).toHaveBeenCalledOnce();
  });

  it('tells a full storage from one that cannot be used', () => {
    expect(storageFailure(new DOMException('x', 'QuotaExceededError'))).toBe('full');
    expect(storageFailure(new Error('no idb'))).toBe('unavailable');
  });

  it('the memory backend stores copies, not references', async () => {
    const kv = createMemoryBackend();
    const value = { n: 1 };
    await kv.set('k', value);
    value.n = 2;
    expect(await kv.get('k')).toEqual({ n: 1 });
  });
});

describe('the page-hide stash', () => {
  /** An in-memory Web Storage. */
  function memoryStorage(): Storage {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (k) => items.get(k) ?? null,
      key: (i) => [...items.keys()][i] ?? null,
      removeItem: (k) => void items.delete(k),
      setItem: (k, v) => void items.set(k, String(v)),
    };
  }

  it('loads meta stashed at page hide ahead of the database copy, until a newer save', async () => {
    const storage = memoryStorage();
    const stash = createStorageStash(() => storage, 'stash');
    const kv = createMemoryBackend();
    const p = createPersistence(kv, vi.fn(), stash);
    await p.saveMeta({ activeId: 'a', drafts: { a: 'old' }, lastModel: 'm' });
    // The page goes away with a newer draft than the database has (its write would be aborted).
    p.stashMeta({ activeId: 'a', drafts: { a: 'typed just before the reload' }, lastModel: 'm' });
    const reloaded = createPersistence(kv, vi.fn(), stash);
    expect((await reloaded.load()).meta.drafts).toEqual({ a: 'typed just before the reload' });
    // Once the database has it, the stash is gone and the database is the source again.
    await reloaded.saveMeta({ activeId: 'a', drafts: { a: 'newest' }, lastModel: 'm' });
    expect(storage.getItem('stash')).toBeNull();
    expect((await createPersistence(kv, vi.fn(), stash).load()).meta.drafts).toEqual({
      a: 'newest',
    });
  });

  it('keeps a stash newer than a save that was already on its way', async () => {
    const storage = memoryStorage();
    const stash = createStorageStash(() => storage, 'stash');
    const kv = createMemoryBackend();
    // The database answers the first write only when told to: a save started before the page hid.
    let answer = () => {};
    const set = kv.set.bind(kv);
    const slow: KvBackend = {
      ...kv,
      set: (key, value) =>
        new Promise<void>((resolve) => (answer = () => void set(key, value).then(resolve))),
    };
    const p = createPersistence(slow, vi.fn(), stash);
    const older = p.saveMeta({ activeId: 'a', drafts: {}, lastModel: 'm' });
    await Promise.resolve();
    p.stashMeta({ activeId: 'a', drafts: { a: 'typed just before the reload' }, lastModel: 'm' });
    answer();
    await older;
    // The older save landed after the stash was written: the stash is still the newest meta.
    expect((await createPersistence(kv, vi.fn(), stash).load()).meta.drafts).toEqual({
      a: 'typed just before the reload',
    });
  });

  it('ignores an unreadable stash and works without Web Storage', async () => {
    const storage = memoryStorage();
    storage.setItem('stash', '{not json');
    const notMeta = memoryStorage();
    notMeta.setItem('stash', '"a string"');
    const kv = createMemoryBackend();
    await kv.set('meta', { activeId: null, drafts: { x: 'kept' }, lastModel: null });
    const fromBroken = createPersistence(
      kv,
      vi.fn(),
      createStorageStash(() => storage, 'stash'),
    );
    expect((await fromBroken.load()).meta.drafts).toEqual({ x: 'kept' });
    const fromNotMeta = createPersistence(
      kv,
      vi.fn(),
      createStorageStash(() => notMeta, 'stash'),
    );
    expect((await fromNotMeta.load()).meta.drafts).toEqual({ x: 'kept' });
    const blocked = createStorageStash(() => {
      throw new DOMException('blocked', 'SecurityError');
    }, 'stash');
    const p = createPersistence(kv, vi.fn(), blocked);
    expect(() => p.stashMeta({ activeId: null, drafts: {}, lastModel: null })).not.toThrow();
    expect((await p.load()).meta.drafts).toEqual({ x: 'kept' });
  });
});
