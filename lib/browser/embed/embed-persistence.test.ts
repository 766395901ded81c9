import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createConversation } from '../chat/conversation';
import { createEmbedPersistence } from './embed-persistence';

describe('createEmbedPersistence', () => {
  it('keeps the conversation in IndexedDB when the probe allows it', async () => {
    const onFallback = vi.fn();
    const first = createEmbedPersistence(
      () => Promise.resolve('indexeddb' as const),
      onFallback,
      'embed-test-a',
    );
    await first.saveConversation(createConversation('c1', 'm', 1));
    const second = createEmbedPersistence(
      () => Promise.resolve('indexeddb' as const),
      onFallback,
      'embed-test-a',
    );
    expect((await second.load()).conversations.map((c) => c.id)).toEqual(['c1']);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('probes once, on first use', async () => {
    const probe = vi.fn(() => Promise.resolve('memory' as const));
    const persistence = createEmbedPersistence(probe, vi.fn(), 'embed-test-c');
    expect(probe).not.toHaveBeenCalled();
    await persistence.load();
    await persistence.saveMeta({ activeId: null, drafts: {}, lastModel: null });
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('keeps it in memory, silently, when storage is blocked', async () => {
    const onFallback = vi.fn();
    const memory = createEmbedPersistence(
      () => Promise.resolve('memory' as const),
      onFallback,
      'embed-test-b',
    );
    await memory.saveConversation(createConversation('c2', 'm', 1));
    expect((await memory.load()).conversations.map((c) => c.id)).toEqual(['c2']);
    const fresh = createEmbedPersistence(
      () => Promise.resolve('indexeddb' as const),
      onFallback,
      'embed-test-b',
    );
    expect((await fresh.load()).conversations).toEqual([]);
    expect(onFallback).not.toHaveBeenCalled();
  });
});
