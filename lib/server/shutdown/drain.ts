import 'server-only';

import { processSingleton } from '../process-singleton';

/** An answer streaming now, as a shutdown sees it. */
export interface TrackedStream {
  /** Ends the answer now (with `server_shutdown`) and closes its upstream connection. */
  end(): void;
}

/** How long answers ended by the shutdown get to send their last event and close upstream. */
const END_WAIT_MS = 5_000;

/**
 * The answers in flight and whether the server drains. `drain(graceMs)` is what SIGTERM starts:
 * from then on new chats are refused; answers in flight may finish for `graceMs`; those still
 * streaming then are ended (with `server_shutdown`, their upstream closed). It resolves once no
 * answer is left (or a last few seconds have passed).
 */
export function createDrain(endWaitMs = END_WAIT_MS) {
  let draining = false;
  const streams = new Set<TrackedStream>();
  const onLeave = new Set<() => void>();

  /** Resolves when no answer streams, or after `ms`, whichever comes first. */
  function untilEmpty(ms: number): Promise<void> {
    if (streams.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        onLeave.delete(check);
        resolve();
      };
      const check = () => {
        if (streams.size === 0) done();
      };
      const timer = setTimeout(done, ms);
      onLeave.add(check);
    });
  }

  return {
    /** Counts an answer in until the returned function is called (once, when it ended). */
    track(stream: TrackedStream): () => void {
      streams.add(stream);
      return () => {
        if (!streams.delete(stream)) return;
        for (const listener of [...onLeave]) listener();
      };
    },
    isDraining: () => draining,
    active: () => streams.size,
    async drain(graceMs: number): Promise<{ inFlight: number; ended: number }> {
      draining = true;
      const inFlight = streams.size;
      await untilEmpty(graceMs);
      const left = [...streams];
      for (const stream of left) stream.end();
      await untilEmpty(endWaitMs);
      return { inFlight, ended: left.length };
    },
  };
}

/** The process's drain (the chat route tracks into it, the SIGTERM handler runs it). */
const processDrain = () => processSingleton('drain', () => createDrain());

/** Counts an answer in until the returned function is called. */
export function trackStream(stream: TrackedStream): () => void {
  return processDrain().track(stream);
}

/** True from SIGTERM on: new chats are refused with `503 shutting_down`. */
export function isShuttingDown(): boolean {
  return processDrain().isDraining();
}

/** Starts the process's drain (see {@link createDrain}). */
export function drain(graceMs: number): Promise<{ inFlight: number; ended: number }> {
  return processDrain().drain(graceMs);
}
