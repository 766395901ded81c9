import { describe, expect, it } from 'vitest';
import { sseResponse, until } from '../../../testing/unit/chat-test-support';
import { CHAT, createTestStore } from '../../../testing/unit/chat-store-support';
import { createMemoryBackend } from './kv-backend';
import { versionsAt } from './versions';

/** Answers "answer 1", "answer 2"… in order. */
function numbered() {
  let n = 0;
  return () => sseResponse([{ type: 'content', text: `answer ${++n}` }, { type: 'done' }]);
}

const contents = (t: ReturnType<typeof createTestStore>) =>
  t.active().messages.map((m) => m.content);

/** A store whose conversation has one answered question ("q1"), and that conversation's id. */
async function oneAnswer() {
  const t = createTestStore(numbered());
  await t.store.getState().hydrate();
  t.store.getState().send('q1', CHAT);
  await until(t.idle);
  return { t, id: t.active().id };
}

describe('chat store: versions', () => {
  it('Regenerate keeps the earlier answer as a version; the chat continues from the one shown', async () => {
    const { t, id } = await oneAnswer();
    t.store.getState().regenerate(id, t.answer().id, CHAT);
    await until(t.idle);
    expect(contents(t)).toEqual(['q1', 'answer 2']);
    expect(versionsAt(t.active(), 1)).toMatchObject({ position: 1 });

    await t.store.getState().showVersion(id, t.answer().id, -1);
    expect(contents(t)).toEqual(['q1', 'answer 1']);
    t.store.getState().send('q2', CHAT);
    await until(t.idle);
    expect(t.fetch.bodies.at(-1)?.messages).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'answer 1' },
      { role: 'user', content: 'q2' },
    ]);
    // q2 belongs to the first version: the second one has nothing after it.
    await t.store.getState().showVersion(id, t.active().messages[1]!.id, 1);
    expect(contents(t)).toEqual(['q1', 'answer 2']);
  });

  it('Edit keeps the later turns under the original question, persisted across a reload', async () => {
    const backend = createMemoryBackend();
    const t = createTestStore(numbered(), { backend });
    await t.store.getState().hydrate();
    t.store.getState().send('q1', CHAT);
    await until(t.idle);
    t.store.getState().send('q2', CHAT);
    await until(t.idle);
    const id = t.active().id;
    t.store.getState().editAndResend(id, t.active().messages[0]!.id, 'q1 edited', CHAT);
    await until(t.idle);
    expect(contents(t)).toEqual(['q1 edited', 'answer 3']);
    expect(t.fetch.bodies.at(-1)?.messages).toEqual([{ role: 'user', content: 'q1 edited' }]);
    await until(t.saved);

    const reloaded = createTestStore(numbered(), { backend });
    await reloaded.store.getState().hydrate();
    reloaded.store.getState().selectConversation(id);
    expect(contents(reloaded)).toEqual(['q1 edited', 'answer 3']);
    await reloaded.store.getState().showVersion(id, reloaded.active().messages[0]!.id, -1);
    expect(contents(reloaded)).toEqual(['q1', 'answer 1', 'q2', 'answer 2']);
    expect(versionsAt(reloaded.active(), 0)).toMatchObject({ position: 0 });
  });

  it('versions cannot be switched while an answer streams into the conversation', async () => {
    const { t, id } = await oneAnswer();
    t.store.getState().regenerate(id, t.answer().id, CHAT);
    const switching = t.store.getState().showVersion(id, t.answer().id, -1);
    expect(t.answer().status).toBe('streaming');
    await switching;
    await until(t.idle);
    expect(contents(t)).toEqual(['q1', 'answer 2']);
  });
});
