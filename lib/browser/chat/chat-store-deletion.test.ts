import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from './kv-backend';
import { sseResponse, until } from '../../../testing/unit/chat-test-support';
import { CHAT, storeHarness } from '../../../testing/unit/chat-store-harness';

describe('chat store: deleting a conversation while its answer streams', () => {
  it('aborts the request, and nothing that arrives or settles afterwards brings it back', async () => {
    const backend = createMemoryBackend();
    const t = storeHarness(
      () => sseResponse([{ type: 'content', text: 'partial answer' }], { hang: true }),
      backend,
    );
    await t.store.getState().hydrate();
    t.store.getState().send('doomed question', CHAT);
    const id = t.active().id;
    await until(() => t.frames.pending > 0);
    t.frames.runFrame();
    // Streaming and already saved (the question at once, the partial answer within 20 ms).
    await until(() => JSON.stringify(t.store.getState().conversations[id]).includes('partial'));
    expect(await backend.get(`conversation:${id}`)).toBeDefined();

    t.store.getState().deleteConversation(id);
    expect(t.fetch.signals[0]?.aborted).toBe(true);
    await until(t.idle);
    t.frames.runFrame();
    // Every throttled or final save has been made and has landed: none may have written it again.
    await until(t.saved);

    const state = t.store.getState();
    expect(state.conversations[id]).toBeUndefined();
    expect(state.order).not.toContain(id);
    expect(state.activeId).toBeNull();
    expect(await backend.get(`conversation:${id}`)).toBeUndefined();
    const reloaded = storeHarness(() => sseResponse([]), backend);
    await reloaded.store.getState().hydrate();
    expect(reloaded.store.getState().order).toEqual([]);
  });
});
