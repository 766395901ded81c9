'use client';

import { flushSync } from 'react-dom';
import { createBudgetScheduler } from '@/lib/browser/chat/budget-scheduler';
import { createFrameScheduler, type ScheduleFrame } from '@/lib/browser/chat/frame-batcher';

/** The page's timers, as the chat store takes them. */
export const browserTimers = {
  setTimeout: (cb: () => void, ms: number): unknown => window.setTimeout(cb, ms),
  clearTimeout: (handle: unknown): void => window.clearTimeout(handle as number),
};

let taskChannel: MessageChannel | null = null;
const taskQueue: (() => void)[] = [];

/**
 * Runs `cb` in a task of its own after the current one (a message posted from an animation-frame
 * callback lands after that frame's rendering). One channel serves every call, a callback per
 * message in order: a channel per call cost about as much to create and close as to post on (CPU
 * profiles of `bench:render` at 4×: 17 ms creating and closing before, 17 ms posting after).
 */
export function nextTask(cb: () => void): void {
  if (!taskChannel) {
    taskChannel = new MessageChannel();
    taskChannel.port1.onmessage = () => taskQueue.shift()?.();
  }
  taskQueue.push(cb);
  taskChannel.port2.postMessage(null);
}

/**
 * Streaming updates may take up to half of the main thread; the rest stays free for input,
 * scrolling and the network. On a fast device an update costs a few milliseconds and the text
 * moves every frame or two; on a slow one a fast stream updates several times a second (at least
 * twice), each update showing at most two new paragraphs or six new lines, or a third of what is
 * waiting when that is more (`updatePortion`), so no frame is long and the text keeps up with the
 * stream (see lib/browser/chat/budget-scheduler.ts
 * and `npm run bench:render`; with a quarter, updates at 4× CPU throttling came about every 300 ms
 * with four to ten blocks each, frames of up to 90 ms).
 */
const STREAM_BUDGET = { budget: 0.5, maxIntervalMs: 500 };

/**
 * When streamed events are applied in the browser (main page and widget alike): once per frame at
 * most, within the budget above, and in a task right after a frame rather than inside it — the
 * store update and React's commit run in one task, the browser's style, layout and paint of the new
 * text in the next frame's task, so neither waits for the other.
 */
export function browserStreamScheduler(): ScheduleFrame {
  const frames = createFrameScheduler({
    requestAnimationFrame: (cb) => window.requestAnimationFrame(() => nextTask(cb)),
    cancelAnimationFrame: (h) => window.cancelAnimationFrame(h),
    ...browserTimers,
  });
  // A frame's cost counts from its start (the timestamp rAF gets: hit testing and forced layout
  // come before the callbacks) to the first task after its rendering.
  const measureNextFrame = (cb: (renderMs: number) => void) =>
    window.requestAnimationFrame((frameStart) =>
      nextTask(() => cb(performance.now() - frameStart)),
    );
  return createBudgetScheduler(
    frames,
    // React renders the store change inside `flushSync`, so the update's measured cost includes it.
    { now: () => performance.now(), measureNextFrame, runUpdate: flushSync, ...browserTimers },
    STREAM_BUDGET,
  );
}

/**
 * Whether the page is shown: a hidden one draws no frames (its updates come from a throttled
 * timer), so an answer ending there is shown at once rather than a portion per frame.
 */
export const shownPage = (): boolean => document.visibilityState === 'visible';
