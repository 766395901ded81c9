import { describe, expect, it, vi } from 'vitest';
import { REASONING_STREAM, sseResponse, until } from '../../../testing/unit/chat-test-support';
import { CHAT, storeHarness } from '../../../testing/unit/chat-store-harness';
import { createMemoryBackend } from './kv-backend';

describe('thumbs up and down on an answer', () => {
  it('is kept with the answer, counted once per change, and taken back by giving it again', async () => {
    const backend = createMemoryBackend();
    const t = storeHarness(
      (_body, request) =>
        request.url === '/api/feedback'
          ? new Response(null, { status: 204 })
          : sseResponse(REASONING_STREAM),
      backend,
    );
    await t.store.getState().hydrate();
    t.store.getState().send('Rate me', CHAT);
    await until(t.idle);
    const conversation = t.active().id;
    const answer = t.answer().id;
    const votes = () =>
      t.fetch.requests.filter((r) => r.url === '/api/feedback').map((r) => r.body);

    await t.store.getState().rateAnswer(conversation, answer, 'up');
    await t.store.getState().rateAnswer(conversation, answer, 'up'); // no change: not counted again
    await t.store.getState().rateAnswer(conversation, answer, 'down');
    expect(t.answer().feedback).toBe('down');
    await t.store.getState().rateAnswer(conversation, answer, null);
    expect(t.answer()).not.toHaveProperty('feedback');
    expect(votes()).toEqual([
      { model: 'vllm:chat', rating: 'up', previous: null },
      { model: 'vllm:chat', rating: 'down', previous: 'up' },
      { model: 'vllm:chat', rating: null, previous: 'down' },
    ]);

    await t.store.getState().rateAnswer(conversation, answer, 'up');
    await vi.waitFor(async () =>
      expect(JSON.stringify(await backend.entries())).toContain('"feedback":"up"'),
    );
  });

  it('is refused while the answer streams (nothing to judge yet)', async () => {
    // An answer that never ends until stopped.
    const t = storeHarness(() => new Response(new ReadableStream<Uint8Array>(), { status: 200 }));
    await t.store.getState().hydrate();
    t.store.getState().send('Too soon', CHAT);
    await t.store.getState().rateAnswer(t.active().id, t.answer().id, 'up');
    expect(t.answer().status).toBe('streaming');
    expect(t.answer().feedback).toBeUndefined();
    expect(t.fetch.requests.some((r) => r.url === '/api/feedback')).toBe(false);
  });
});
