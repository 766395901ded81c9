'use client';

import type { HighlightRequest, HighlightResult } from './highlight-protocol';
import { rememberHighlight } from './highlight-cache';
import { createIdleQueue } from './idle';
import { nextTask } from '../store/browser-scheduling';
import { onDemand } from '../ui/on-demand';

type Done = (html: string | null) => void;
type Job = { code: string; language: string | undefined; done: Done };

/** Highlighting on the main thread, where workers are unavailable: loaded only there. */
const mainThreadHighlight = onDemand(() => import('./highlight'));
/** The worker, once started; null where workers are unavailable (then the main thread does it). */
let worker: Worker | null | undefined;
const waiting = new Map<number, Job>();
let nextId = 0;

/**
 * Results are handed over together, at most once a second: each hand-over re-renders the code
 * blocks and costs the page a frame, and while a long answer streams its blocks finish one after
 * another. The first result after a quiet second shows at the next frame.
 */
const DELIVERY_SPACING_MS = 1_000;
let arrived: { job: Job; html: string | null }[] = [];
let lastDelivery = -Infinity;
let deliveryScheduled = false;

function deliver(): void {
  deliveryScheduled = false;
  lastDelivery = performance.now();
  const batch = arrived;
  arrived = [];
  for (const { job, html } of batch) {
    rememberHighlight(job.code, job.language, html);
    job.done(html);
  }
}

function scheduleDelivery(): void {
  if (deliveryScheduled) return;
  deliveryScheduled = true;
  const wait = Math.max(0, lastDelivery + DELIVERY_SPACING_MS - performance.now());
  // In a task right after a frame, not inside it: a frame's hover check has already styled and
  // laid out the page before its callbacks run, so code changed in a callback is styled, laid out
  // and pre-painted a second time in that frame. After it, the next frame does it once, with
  // whatever else it shows.
  setTimeout(() => requestAnimationFrame(() => nextTask(deliver)), wait);
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    const started = new Worker(new URL('./highlight.worker.ts', import.meta.url));
    started.onmessage = (event: MessageEvent<HighlightResult>) => {
      const job = waiting.get(event.data.id);
      if (!job) return;
      waiting.delete(event.data.id);
      arrived.push({ job, html: event.data.html });
      scheduleDelivery();
    };
    started.onerror = () => {
      // The worker failed to load or crashed: what it was doing is done here instead.
      started.terminate();
      worker = null;
      const jobs = [...waiting.values()];
      waiting.clear();
      for (const job of jobs) onMainThread(job.code, job.language, job.done);
    };
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

/** Fallback without a worker: highlight.js loaded on demand and run in idle time. */
const idleQueue = createIdleQueue(2_000);
function onMainThread(code: string, language: string | undefined, done: Done): () => void {
  let cancelled = false;
  const remove = idleQueue.add(() => {
    void mainThreadHighlight.load().then(async ({ highlightCode }) => {
      const html = await highlightCode(code, language);
      if (cancelled) return;
      rememberHighlight(code, language, html);
      done(html);
    });
  });
  return () => {
    cancelled = true;
    remove();
  };
}

const warmedUp = new Set<string | undefined>();

/**
 * Starts the worker and has it load and compile `language`'s grammar, once per language and page.
 * Called when a code block starts to arrive — not with the page: highlight.js is the largest
 * script the page could fetch, and most answers have no code. The block's code streams for a
 * while before it can be highlighted, which is time enough to fetch the worker and the grammar.
 */
export function warmUpHighlighter(language: string | undefined): void {
  if (warmedUp.has(language)) return;
  warmedUp.add(language);
  const request: HighlightRequest = { warmUp: true, language };
  startWorker()?.postMessage(request);
}

/**
 * Highlights `code` off the main thread and calls `done` with the HTML (null: no such language).
 * Returns a function that stops waiting for it.
 */
export function requestHighlight(
  code: string,
  language: string | undefined,
  done: Done,
): () => void {
  const running = startWorker();
  if (!running) return onMainThread(code, language, done);
  const id = ++nextId;
  waiting.set(id, { code, language, done });
  const request: HighlightRequest = { id, code, language };
  running.postMessage(request);
  return () => {
    waiting.delete(id);
  };
}
