import 'server-only';

import { processSingleton } from '../process-singleton';

/** An answer streaming now, as a shutdown sees it. */
export interface TrackedStream {
  /** Ends the answer now (with `server_shutdown`) and closes its upstream connection. */
  end(): void;
}

interface DrainState {
  draining: boolean;
  streams: Set<TrackedStream>;
  /** Called whenever a stream leaves, so a drain can notice the last one. */
  onLeave: Set<() => void>;
}

const state = (): DrainState =>
  processSingleton('drain', () => ({
    draining: false,
    streams: new Set<TrackedStream>(),
    onLeave: new Set<() => void>(),
  }));

/** Counts an answer in until the returned function is called (once, when it ended). */
export function trackStream(stream: TrackedStream): () => void {
  const s = state();
  s.streams.add(stream);
  return () => {
    if (!s.streams.delete(stream)) return;
    for (const listener of s.onLeave) listener();
  };
}

/** True from SIGTERM on: new chats are refused with `503 shutting_down`. */
export function isShuttingDown(): boolean {
  return state().draining;
}

/** How many answers stream now. */
export function activeStreamCount(): number {
  return state().streams.size;
}

/** Resolves when no answer streams, or after `ms`, whichever comes first. */
function untilEmpty(ms: number): Promise<void> {
  const s = state();
  if (s.streams.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      s.onLeave.delete(check);
      resolve();
    };
    const check = () => {
      if (s.streams.size === 0) done();
    };
    const timer = setTimeout(done, ms);
    s.onLeave.add(check);
  });
}

/** How long answers ended by the shutdown get to send their last event and close upstream. */
const END_WAIT_MS = 5_000;

/**
 * The drain after SIGTERM: from now on new chats are refused; answers in flight may finish for
 * `graceMs`; those still streaming then are ended with `server_shutdown` (their upstream closed).
 * Resolves with what happened once no answer is left (or a last few seconds have passed).
 */
export async function drain(graceMs: number): Promise<{ inFlight: number; ended: number }> {
  const s = state();
  s.draining = true;
  const inFlight = s.streams.size;
  await untilEmpty(graceMs);
  const left = [...s.streams];
  for (const stream of left) stream.end();
  await untilEmpty(END_WAIT_MS);
  return { inFlight, ended: left.length };
}
