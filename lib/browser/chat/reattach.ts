import type { RunEnd } from './apply-event';
import { ALWAYS_ONLINE, type NetworkWatch } from './network-watch';
import type { ResumeHandle } from './resume-handle';
import { followAnswer } from './resume-requests';
import type { OnEvents } from './send-chat';

/** Waits between attempts that got nothing: quick at first (a blip), then backing off. */
export const REATTACH_DELAYS_MS: readonly number[] = [200, 500, 1000, 2000, 4000];

/**
 * How long reattaching goes on without getting anything (time offline not counted). The server
 * gives up on an answer nobody reads after its grace period (30 s by default) and then ends it, so
 * a reattach after that still learns how it ended; past this, the server itself is gone.
 */
export const REATTACH_GIVE_UP_MS = 60_000;

/** Statuses that mean the answer cannot be followed any more: unknown or expired, not ours. */
const GONE = new Set([400, 401, 403, 404]);

export interface ReattachOptions {
  fetch: typeof fetch;
  handle: ResumeHandle;
  /** The id of the last event received so far (it moves as events arrive). */
  lastEventId: () => number;
  /** True once the terminal event arrived. */
  ended: () => boolean;
  signal: AbortSignal;
  onEvents: OnEvents;
  now: () => number;
  network?: NetworkWatch;
  chatUrl?: string;
  /** Waits `ms` (ends early when `signal` aborts). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  delaysMs?: readonly number[];
  giveUpAfterMs?: number;
}

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Follows a resumable answer to its end over as many connections as it takes: whenever one drops
 * (a network blip, the browser offline, a server instance restarting behind a balancer) it
 * reattaches from the last event received, so no text is repeated or missing. Returns `ended` when
 * the terminal event arrived or the answer cannot be followed any more (the caller settles a
 * message that is still streaming as cut off), `aborted` when `signal` aborted.
 */
export async function followToEnd(options: ReattachOptions): Promise<RunEnd> {
  const { signal, now } = options;
  const network = options.network ?? ALWAYS_ONLINE;
  const sleep = options.sleep ?? sleepFor;
  const delays = options.delaysMs ?? REATTACH_DELAYS_MS;
  const giveUpAfter = options.giveUpAfterMs ?? REATTACH_GIVE_UP_MS;
  let failures = 0;
  let progressAt = now();
  for (;;) {
    const beforeOnline = now();
    await network.whenOnline(signal);
    if (signal.aborted) return { kind: 'aborted' };
    // Time spent offline is nobody's failure.
    progressAt += now() - beforeOnline;
    let progressed = false;
    const end = await followAnswer({
      fetch: options.fetch,
      handle: options.handle,
      lastEventId: options.lastEventId(),
      signal,
      onEvents: (events, lastId) => {
        progressed = true;
        options.onEvents(events, lastId);
      },
      ...(options.chatUrl ? { chatUrl: options.chatUrl } : {}),
    });
    if (end.kind === 'aborted' || options.ended()) return end;
    if (end.kind === 'failed' && end.error.status !== undefined && GONE.has(end.error.status)) {
      return { kind: 'ended' };
    }
    if (progressed) {
      failures = 0;
      progressAt = now();
    } else if (now() - progressAt > giveUpAfter) {
      return { kind: 'ended' };
    }
    await sleep(delays[Math.min(failures, delays.length - 1)]!, signal);
    if (!progressed) failures += 1;
  }
}
