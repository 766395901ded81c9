import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from './kv-backend';
import { CONVERSATION_PREFIX, createPersistence, RETRY_LOAD_MS } from './persistence';

/** The stored records' reader: it fails to load `failures` times (offline), then loads. */
const flaky = vi.hoisted(() => ({ failures: 0, attempts: 0 }));
vi.mock('./stored-conversation', async (importActual) => {
  flaky.attempts += 1;
  if (flaky.attempts <= flaky.failures)
    throw new TypeError('Failed to fetch dynamically imported module');
  return importActual();
});

describe('the stored records’ reader failing to load', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is tried again, one load for every read; the page reads what is stored, storage stays', async () => {
    vi.useFakeTimers();
    flaky.failures = 2;
    const kv = createMemoryBackend();
    await kv.set(CONVERSATION_PREFIX + 'c1', {
      id: 'c1',
      title: 'Kept',
      createdAt: 1,
      updatedAt: 2,
      messages: [{ id: 'u1', role: 'user', content: 'Still here?', createdAt: 1 }],
    });
    const onFallback = vi.fn();
    const p = createPersistence(kv, onFallback);
    let snapshot: Awaited<ReturnType<typeof p.load>> | undefined;
    void p.load().then((s) => (snapshot = s));
    await vi.advanceTimersByTimeAsync(0);
    expect(flaky.attempts).toBe(1);
    // Reads asked for while it fails wait for the same load: one request per try, not one more
    // loop of tries per read (another tab's saves ask for one twice a second).
    const opened = [p.loadConversation!('c1')];
    await vi.advanceTimersByTimeAsync(1000);
    opened.push(p.loadConversation!('c1'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(flaky.attempts).toBe(1);
    expect(snapshot).toBeUndefined();
    await vi.advanceTimersByTimeAsync(RETRY_LOAD_MS - 2000);
    expect(flaky.attempts).toBe(2);
    expect(snapshot).toBeUndefined();
    await vi.advanceTimersByTimeAsync(RETRY_LOAD_MS);
    expect(flaky.attempts).toBe(3);
    await vi.waitFor(() => expect(snapshot).toBeDefined());
    expect(snapshot!.conversations.map((c) => c.title)).toEqual(['Kept']);
    expect((await Promise.all(opened)).map((c) => c?.title)).toEqual(['Kept', 'Kept']);
    expect(onFallback).not.toHaveBeenCalled();
    // Saves still reach the page's storage, not memory.
    await p.saveConversation({ ...snapshot!.conversations[0]!, title: 'Saved' });
    expect(await kv.get(CONVERSATION_PREFIX + 'c1')).toMatchObject({ title: 'Saved' });
  });
});
