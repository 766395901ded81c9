/**
 * A chat store for unit tests (not imported by production code): memory storage unless given, a
 * fake `/api/chat`, frames run by hand, sequential ids, and optionally a tab channel and run locks;
 * `saved()` is true once every save asked for has landed.
 */
import { createChatStore } from '../../lib/browser/chat/chat-store';
import { mergeConversations } from '../../lib/browser/chat/conversation-merge';
import { createMemoryBackend, type KvBackend } from '../../lib/browser/chat/kv-backend';
import type { AssistantMessage } from '../../lib/browser/chat/message';
import {
  createMergedPersistence,
  type MergeConversations,
} from '../../lib/browser/chat/merged-persistence';
import { createPersistence } from '../../lib/browser/chat/persistence';
import { createRemoteSync } from '../../lib/browser/chat/remote-sync';
import type { RunLocks } from '../../lib/browser/chat/run-locks';
import type { TabChannel, TabMessage } from '../../lib/browser/chat/tab-channel';
import { fakeFetch, manualFrames, saveTracker } from './chat-test-support';

/** The chat model most tests use. */
export const CHAT = { id: 'vllm:chat', kind: 'chat' as const };

export interface TestStoreOptions {
  backend?: KvBackend;
  channel?: TabChannel;
  locks?: RunLocks;
  /** Prefix of generated ids (two stores in one test need different ones). */
  idPrefix?: string;
  /** How a store sharing with other tabs loads the merge (default: at once). */
  loadMerge?: () => Promise<MergeConversations>;
}

/** A store plus handles on its fake surroundings. */
export function createTestStore(
  respond: (body: Record<string, unknown>) => Response,
  options: TestStoreOptions = {},
) {
  const backend = options.backend ?? createMemoryBackend();
  const frames = manualFrames();
  const f = fakeFetch(respond);
  const saves = saveTracker();
  let id = 0;
  let clock = 1_000;
  const store = createChatStore({
    // A store that shares with other tabs saves merged, as the chat page does.
    createPersistence: (onFallback) =>
      saves.track(
        options.channel
          ? createMergedPersistence(
              backend,
              onFallback,
              undefined,
              options.loadMerge ??
                (async () => (mine, stored) => mergeConversations(mine, stored, Date.now())),
            )
          : createPersistence(backend, onFallback),
      ),
    fetch: f,
    now: () => ++clock,
    newId: () => `${options.idPrefix ?? 'id'}${++id}`,
    scheduleFrame: frames.schedule,
    timers: saves.timers,
    saveIntervalMs: 20,
    ...(options.channel ? { channel: options.channel, createRemoteSync } : {}),
    ...(options.locks ? { locks: options.locks } : {}),
  });
  const active = () => store.getState().conversations[store.getState().activeId ?? '']!;
  const answer = () => active().messages.at(-1) as AssistantMessage;
  const idle = () => Object.keys(store.getState().running).length === 0;
  return { store, frames, fetch: f, active, answer, idle, saved: saves.landed, backend };
}

/** Channels between stores in one test, like BroadcastChannel: nobody hears their own posts. */
export function createTabChannels(count: number): TabChannel[] {
  const listeners: ((m: TabMessage) => void)[][] = Array.from({ length: count }, () => []);
  return listeners.map((own, i) => ({
    post: (message) =>
      listeners.forEach((list, j) => {
        if (j !== i) for (const l of list) queueMicrotask(() => l(structuredClone(message)));
      }),
    listen: (listener) => {
      own.push(listener);
      return () => own.splice(own.indexOf(listener), 1);
    },
  }));
}

/** Run locks shared by the stores of one test, like Web Locks across tabs. */
export function createSharedLocks() {
  const held = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  const free = (id: string) => {
    const n = (held.get(id) ?? 1) - 1;
    if (n > 0) return held.set(id, n);
    held.delete(id);
    for (const cb of waiting.get(id)?.splice(0) ?? []) queueMicrotask(cb);
  };
  const locks: RunLocks = {
    hold(answerId) {
      held.set(answerId, (held.get(answerId) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        free(answerId);
      };
    },
    whenFree(answerId, onFree) {
      if (!held.has(answerId)) return void queueMicrotask(() => void onFree());
      const list = waiting.get(answerId) ?? [];
      list.push(() => void onFree());
      waiting.set(answerId, list);
    },
  };
  return {
    locks,
    isHeld: (id: string) => held.has(id),
    /** Whether a tab waits for the answer's lock to be free (it takes the answer as streaming). */
    isAwaited: (id: string) => (waiting.get(id)?.length ?? 0) > 0,
    dropAll: () =>
      [...held.keys()].forEach((k) => {
        held.set(k, 1);
        free(k);
      }),
  };
}
