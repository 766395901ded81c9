import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { createMemoryBackend, type KvBackend } from './kv-backend';
import type { AssistantMessage } from './message';
import {
  REASONING_STREAM,
  sseResponse,
  until,
  untilRead,
} from '../../../testing/unit/chat-test-support';
import { CHAT, storeHarness } from '../../../testing/unit/chat-store-harness';

afterEach(() => vi.useRealTimers());

describe('chat store: sending', () => {
  it('saves the question and the new active conversation at once, before any throttled save', async () => {
    const backend = createMemoryBackend();
    const t = storeHarness(() => sseResponse(REASONING_STREAM), backend);
    await t.store.getState().hydrate();
    t.store.getState().send('Remember this', CHAT);
    // No timer has run yet: only the immediate saves can have reached the backend.
    await Promise.resolve();
    const stored = Object.fromEntries(await backend.entries());
    expect(JSON.stringify(stored)).toContain('Remember this');
    expect(JSON.stringify(stored)).toContain(`"activeId":"${t.active().id}"`);
    await until(t.idle);
  });

  it('creates a conversation titled by the first message and streams to complete', async () => {
    const t = storeHarness(() => sseResponse(REASONING_STREAM));
    await t.store.getState().hydrate();
    t.store.getState().send('What is 6 × 7?', CHAT);
    expect(t.active().title).toBe('What is 6 × 7?');
    expect(t.answer().status).toBe('streaming');
    expect(t.store.getState().running).toEqual({ [t.active().id]: t.answer().id });
    await until(t.idle);
    expect(t.answer()).toMatchObject({
      status: 'complete',
      content: 'The answer is 42.',
      reasoning: 'Thinking.',
    });
    expect(t.fetch.bodies[0]).toEqual({
      model: 'vllm:chat',
      messages: [{ role: 'user', content: 'What is 6 × 7?' }],
      resumable: true,
    });
  });

  it('with `later`, the request is built and sent in a later task, not by send itself, and the answer settled in another', async () => {
    const tasks: (() => void)[] = [];
    const t = storeHarness(() => sseResponse(REASONING_STREAM), undefined, {
      later: (cb) => tasks.push(cb),
    });
    await t.store.getState().hydrate();
    // Every store update reaches every subscriber (each of the page's components that reads the
    // store), so the key press makes as few as it can: the new conversation, then one for the
    // question, its title, the placeholder, `running` and the status region's words.
    const seen: string[] = [];
    const off = t.store.subscribe((s) => seen.push(Object.keys(s.running).join()));
    t.store.getState().send('What is 6 × 7?', CHAT);
    off();
    expect(seen).toEqual(['', t.active().id]);
    expect(t.store.getState().announcement?.text).toBe('Generating…');
    expect(t.active().title).toBe('What is 6 × 7?');
    // The send's own task: the question, the placeholder and `running` are in the state at once.
    expect(t.answer().status).toBe('streaming');
    expect(t.store.getState().running).toEqual({ [t.active().id]: t.answer().id });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(t.fetch.requests).toEqual([]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    // The answer is settled in a task of its own too, after the stream ended.
    await until(() => tasks.length === 1);
    expect(t.answer().status).toBe('streaming');
    expect(t.store.getState().running).toEqual({ [t.active().id]: t.answer().id });
    // The end: the settled answer, `running` and the status region's words come in one
    // synchronous run of store updates, so React, which renders a store change in a microtask,
    // renders them once. What a microtask queued at the settled answer's update sees:
    let atRender: { running: object; said?: string } | undefined;
    const offEnd = t.store.subscribe(() => {
      if (atRender || t.answer().status === 'streaming') return;
      queueMicrotask(() => {
        const s = t.store.getState();
        atRender = { running: s.running, said: s.announcement?.text };
      });
    });
    tasks.shift()!();
    await until(t.idle);
    offEnd();
    expect(atRender).toEqual({ running: {}, said: 'Response complete' });
    expect(t.answer()).toMatchObject({ status: 'complete', content: 'The answer is 42.' });
    expect(t.fetch.bodies).toEqual([
      {
        model: 'vllm:chat',
        messages: [{ role: 'user', content: 'What is 6 × 7?' }],
        resumable: true,
      },
    ]);
  });

  it('applies events once per frame, not once per event', async () => {
    let push!: (...events: RunnelEvent[]) => void;
    let close!: () => void;
    const t = storeHarness(() => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          const enc = new TextEncoder();
          let seq = 0;
          // The events given together arrive in one network read.
          push = (...events) =>
            c.enqueue(
              enc.encode(
                events.map((e) => `id: ${++seq}\ndata: ${JSON.stringify(e)}\n\n`).join(''),
              ),
            );
          close = () => c.close();
        },
      });
      return new Response(body, { status: 200 });
    });
    await t.store.getState().hydrate();
    const listener = vi.fn();
    t.store.getState().send('hi', CHAT);
    await until(() => push !== undefined);
    t.store.subscribe(listener);
    push(...['a', 'b', 'c', 'd'].map((text) => ({ type: 'content' as const, text })));
    // All four have arrived (one read): the first asked for a frame, the others wait with it (a
    // store that applied them on arrival would have changed instead).
    await until(() => t.frames.pending > 0 || listener.mock.calls.length > 0);
    expect(listener).not.toHaveBeenCalled();
    t.frames.runFrame();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(t.answer().content).toBe('abcd');
    push({ type: 'done' });
    close();
    await until(t.idle);
    expect(t.answer().status).toBe('complete');
  });

  it('with paceEnd, what waits at the end comes a portion per frame before the answer ends', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}\n`);
    const stream: RunnelEvent[] = [
      ...lines.map((text) => ({ type: 'content' as const, text })),
      { type: 'done' },
    ];
    // One network read per event (a portion ends with a read), all read before any frame runs.
    let read = 0;
    const t = storeHarness(
      () => {
        const enc = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          pull(c) {
            const event = stream[read++];
            if (event) c.enqueue(enc.encode(`id: ${read}\ndata: ${JSON.stringify(event)}\n\n`));
            else c.close();
          },
        });
        return new Response(body, { status: 200 });
      },
      undefined,
      { paceEnd: () => true },
    );
    await t.store.getState().hydrate();
    t.store.getState().send('hi', CHAT);
    await until(() => read > stream.length);
    const shown: number[] = [];
    let frames = 0;
    while (!t.idle()) {
      await until(() => t.frames.pending > 0 || t.idle());
      if (t.idle()) break;
      expect(t.answer().status).toBe('streaming');
      t.frames.runFrame();
      frames++;
      shown.push(t.answer().content.split('\n').length - 1);
      if (t.answer().status !== 'streaming') expect(t.answer().content).toBe(lines.join(''));
    }
    expect(t.answer()).toMatchObject({ status: 'complete', content: lines.join('') });
    // The first text at once, then at most six new lines a frame; the end after the last of them.
    expect(frames).toBeGreaterThanOrEqual(3);
    shown.reduce((before, now) => {
      expect(now - before).toBeLessThanOrEqual(6);
      return now;
    }, 1);
  });

  it('stop aborts the request and keeps the partial answer as stopped', async () => {
    const t = storeHarness(() =>
      sseResponse([{ type: 'content', text: 'partial' }], { hang: true }),
    );
    await t.store.getState().hydrate();
    t.store.getState().send('go', CHAT);
    await until(() => t.frames.pending > 0);
    t.store.getState().stop(t.active().id);
    await until(t.idle);
    expect(t.fetch.signals[0]!.aborted).toBe(true);
    expect(t.answer()).toMatchObject({ status: 'stopped', content: 'partial' });
  });

  it('a stream that ends without done → incomplete; an HTTP error → error', async () => {
    const t = storeHarness((body) =>
      body.model === 'bad'
        ? Response.json(
            { error: { code: 'model_not_found', message: 'Unknown model' } },
            { status: 404 },
          )
        : sseResponse([{ type: 'content', text: 'Let me' }]),
    );
    await t.store.getState().hydrate();
    t.store.getState().send('a', CHAT);
    await until(t.idle);
    expect(t.answer()).toMatchObject({ status: 'incomplete', content: 'Let me' });
    t.store.getState().send('b', { id: 'bad', kind: 'chat' });
    await until(t.idle);
    expect(t.answer()).toMatchObject({ status: 'error', error: { message: 'Unknown model' } });
  });

  it('length → Continue sends the partial answer and extends the same message', async () => {
    const t = storeHarness((body) =>
      body.continue_final_message
        ? sseResponse([
            { type: 'content', text: ' far away.' },
            { type: 'finish', reason: 'stop' },
            { type: 'done' },
          ])
        : sseResponse([
            { type: 'content', text: 'Once upon a time' },
            { type: 'finish', reason: 'length' },
            { type: 'done' },
          ]),
    );
    await t.store.getState().hydrate();
    t.store.getState().send('story', CHAT);
    await until(t.idle);
    expect(t.answer().status).toBe('length');
    const messageId = t.answer().id;
    t.store.getState().continueAnswer(t.active().id, messageId, CHAT);
    await until(t.idle);
    expect(t.fetch.bodies[1]).toEqual({
      model: 'vllm:chat',
      messages: [
        { role: 'user', content: 'story' },
        { role: 'assistant', content: 'Once upon a time' },
      ],
      continue_final_message: true,
      add_generation_prompt: false,
      resumable: true,
    });
    expect(t.answer()).toMatchObject({
      id: messageId,
      status: 'complete',
      content: 'Once upon a time far away.',
    });
    expect(t.active().messages).toHaveLength(2);
  });

  it('regenerate replaces the answer; edit re-sends from the edited message', async () => {
    let n = 0;
    const t = storeHarness(() =>
      sseResponse([{ type: 'content', text: `answer ${++n}` }, { type: 'done' }]),
    );
    await t.store.getState().hydrate();
    t.store.getState().send('q1', CHAT);
    await until(t.idle);
    t.store.getState().send('q2', CHAT);
    await until(t.idle);
    const conv = t.active();
    t.store.getState().regenerate(conv.id, conv.messages[1]!.id, CHAT);
    await until(t.idle);
    expect(t.active().messages.map((m) => m.content)).toEqual(['q1', 'answer 3']);
    t.store.getState().editAndResend(conv.id, conv.messages[0]!.id, 'q1 edited', CHAT);
    await until(t.idle);
    expect(t.active().messages.map((m) => m.content)).toEqual(['q1 edited', 'answer 4']);
  });
});

describe('chat store: persistence', () => {
  it('saves a streaming answer while it streams and at its end; reload marks it incomplete', async () => {
    const backend = createMemoryBackend();
    const t = storeHarness(
      () => sseResponse([{ type: 'content', text: 'partial answer' }], { hang: true }),
      backend,
    );
    await t.store.getState().hydrate();
    t.store.getState().send('hello', CHAT);
    await until(() => t.frames.pending > 0);
    t.frames.runFrame();
    // Saved within the save interval without the stream ending (the throttled save has landed).
    const saved = (await untilRead(
      () => backend.get(`conversation:${t.active().id}`),
      (r) => Boolean((r as { messages: AssistantMessage[] } | undefined)?.messages[1]?.content),
    )) as { messages: AssistantMessage[] };
    expect(saved.messages[1]).toMatchObject({ status: 'streaming', content: 'partial answer' });

    // A new page over the same storage (the reload): the answer is kept, marked incomplete.
    const reloaded = storeHarness(() => sseResponse([]), backend);
    await reloaded.store.getState().hydrate();
    expect(reloaded.store.getState().activeId).toBe(t.active().id);
    expect(reloaded.answer()).toMatchObject({
      status: 'incomplete',
      content: 'partial answer',
      interruption: 'reload',
    });
    t.store.getState().stop(t.active().id);
    await until(t.idle);
  });

  it('keeps drafts, renames and deletions', async () => {
    const backend = createMemoryBackend();
    const t = storeHarness(() => sseResponse([{ type: 'done' }]), backend);
    await t.store.getState().hydrate();
    t.store.getState().send('first', CHAT);
    await until(t.idle);
    const id = t.active().id;
    t.store.getState().setDraft(id, 'unsent words');
    await t.store.getState().renameConversation(id, '  My   chat ');
    t.store.getState().flushSaves();
    await until(t.saved);
    const again = storeHarness(() => sseResponse([]), backend);
    await again.store.getState().hydrate();
    expect(again.store.getState().drafts[id]).toBe('unsent words');
    expect(again.active().title).toBe('My chat');
    again.store.getState().deleteConversation(id);
    await until(again.saved);
    const third = storeHarness(() => sseResponse([]), backend);
    await third.store.getState().hydrate();
    expect(third.store.getState().order).toEqual([]);
  });

  it('a failing storage shows a notice and the app keeps working in memory', async () => {
    const broken: KvBackend = {
      get: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
      set: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
      del: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
      entries: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
      update: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
    };
    const t = storeHarness(() => sseResponse(REASONING_STREAM), broken);
    await t.store.getState().hydrate();
    expect(t.store.getState().hydrated).toBe(true);
    expect(t.store.getState().storageNotice).toBe('unavailable');
    t.store.getState().send('still works', CHAT);
    await until(t.idle);
    expect(t.answer().status).toBe('complete');
    t.store.getState().dismissStorageNotice();
    expect(t.store.getState().storageNotice).toBeNull();
  });
});

describe('chat store: attachments', () => {
  it('sends files without text, keeps them on the message and titles the chat by their names', async () => {
    const t = storeHarness(() => sseResponse(REASONING_STREAM));
    await t.store.getState().hydrate();
    const file = {
      kind: 'text' as const,
      name: 'notes.md',
      text: '# Hi',
      language: 'markdown',
      tokens: 4,
    };
    t.store.getState().send('', CHAT, [file]);
    expect(t.active().title).toBe('notes.md');
    expect(t.active().messages[0]).toMatchObject({
      role: 'user',
      content: '',
      attachments: [file],
    });
    await until(t.idle);
    expect(t.fetch.bodies[0]).toMatchObject({
      messages: [{ role: 'user', content: 'notes.md:\n```markdown\n# Hi\n```' }],
    });
  });
});
