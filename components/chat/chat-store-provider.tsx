'use client';

import { createContext, useState, type ReactNode } from 'react';
import { createBudgetScheduler } from '@/lib/chat/budget-scheduler';
import { createChatStore, type ChatStore } from '@/lib/chat/chat-store';
import { createFrameScheduler } from '@/lib/chat/frame-batcher';
import { createIdbBackend } from '@/lib/chat/kv-backend';
import { createPersistence } from '@/lib/chat/persistence';
import { useStoreLifecycle } from './use-store-lifecycle';

/** The store of the nearest `ChatStoreProvider`. */
export const ChatStoreContext = createContext<ChatStore | null>(null);

/** Runs `cb` in a task after the current frame's rendering (a message posted from rAF lands there). */
function afterFrame(cb: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    cb();
  };
  channel.port2.postMessage(null);
}

/**
 * Streaming updates may take about a third of the main thread; the rest stays free for input,
 * scrolling and the network. Short answers still update every frame; at worst the view updates
 * ten times a second, which also bounds how much new text one update has to lay out (see
 * lib/chat/budget-scheduler.ts and `npm run bench:render`).
 */
const STREAM_BUDGET = { budget: 0.35, maxIntervalMs: 100 };

function browserStore(): ChatStore {
  const timers = {
    setTimeout: (cb: () => void, ms: number) => window.setTimeout(cb, ms),
    clearTimeout: (h: unknown) => window.clearTimeout(h as number),
  };
  const frames = createFrameScheduler({
    requestAnimationFrame: (cb) => window.requestAnimationFrame(cb),
    cancelAnimationFrame: (h) => window.cancelAnimationFrame(h),
    ...timers,
  });
  return createChatStore({
    createPersistence: (onFallback) => createPersistence(createIdbBackend(), onFallback),
    fetch: (...args) => window.fetch(...args),
    scheduleFrame: createBudgetScheduler(frames, { now: () => performance.now(), afterFrame, ...timers }, STREAM_BUDGET),
    timers,
  });
}

/**
 * Owns one chat store (ARCHITECTURE.md: one store per provider component, no module singleton),
 * loads it from IndexedDB, and writes pending changes when the page is hidden or closed.
 */
export function ChatStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(browserStore);
  useStoreLifecycle(store);
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>;
}
