import 'server-only';

import { observedSink, runGated } from '../stream/stream-gate';
import { createEventStamp } from '../stream/event-stamp';
import type { StreamChatDeps, StreamChatOptions } from '../stream/stream-chat';
import { createUpstreamRelay } from '../stream/upstream-relay';
import { trackStream } from '../shutdown/drain';
import type { LocalAnswers } from './local-answers';
import { createReaderStream } from './reader-stream';
import { createResumableSink } from './resumable-sink';
import type { SharedAnswers } from './shared-answers';
import { hashToken, newResumeToken } from './token';
import type { AnswerRecorder, EntryFeed } from './types';

export interface ResumableAnswerOptions extends StreamChatOptions {
  /** How long generation goes on while nobody reads (`RESUME_GRACE_MS`). */
  graceMs: number;
  /** The identity key the answer is bound to; undefined: the token alone authorises. */
  binding?: string;
  /**
   * Who stores the answer (signed-in users' conversations on the server): it sees every event,
   * and with `finishUnread` the answer is finished when its readers all left instead of stopped
   * after the grace period — it is kept, so someone reads it later.
   */
  recorder?: AnswerRecorder;
}

export interface ResumableAnswerDeps extends StreamChatDeps {
  answers: LocalAnswers;
  /** Other instances' view of the answer (Redis); undefined on a single instance. */
  shared?: SharedAnswers;
}

export interface ResumableAnswer {
  /** The browser's own connection: a reader of the answer from its first event. */
  stream: ReadableStream<Uint8Array>;
  /** Settles when generation is over; a serverless host must be told to wait for it. */
  finished: Promise<void>;
}

/**
 * Starts a resumable answer: the relay writes into the answer's log (resumable-sink.ts) instead of
 * into the browser's connection, and the browser's connection is one reader of that log. When the
 * last reader leaves, generation goes on for `graceMs` (someone may reattach, here or on another
 * instance); after that, or at once when the answer could not be kept, the upstream is closed as a
 * plain answer's would be. A stop request closes it at once.
 */
export function startResumableAnswer(
  options: ResumableAnswerOptions,
  deps: ResumableAnswerDeps,
): ResumableAnswer {
  const token = newResumeToken();
  const access = {
    tokenHash: hashToken(token),
    ...(options.binding ? { binding: options.binding } : {}),
  };
  const log = deps.answers.create(options.requestId, access);
  const stamp = createEventStamp(options, deps);
  const sink = createResumableSink(log, stamp);
  const mirror = deps.shared?.mirror(log);
  const recorder = options.recorder;
  const offRecorder = recorder ? log.tap((entries) => recorder.onEntries(entries)) : undefined;
  // Kept (in memory, in Redis) without the token: only its hash is stored, so whoever reads what
  // is kept can still not read or stop the answer. The browser's own connection gets it below.
  sink.send({ type: 'start', request_id: options.requestId, model: options.model });
  const { gate } = deps;
  const relay = createUpstreamRelay(options, deps, gate ? observedSink(sink, gate) : sink);
  /** Aborts when generation is given up (stop, grace over, a disconnect of an unkept answer). */
  const givenUp = new AbortController();
  const giveUp = () => {
    givenUp.abort();
    // The upstream first: closing it is what frees the GPU, and nothing below can delay it.
    relay.abort('client');
  };
  let graceTimer: ReturnType<typeof setTimeout> | undefined;

  /** The grace period is over: unless a reader on another instance keeps it, give up. */
  async function graceOver(): Promise<void> {
    if (sink.isClosed() || log.readers() > 0) return;
    if (await mirror?.readersElsewhere()) {
      graceTimer = setTimeout(() => void graceOver(), Math.min(1000, options.graceMs));
      return;
    }
    if (log.readers() > 0) return;
    giveUp();
    sink.abandon();
  }

  function onReaders(count: number): void {
    clearTimeout(graceTimer);
    if (count > 0 || sink.isClosed() || options.recorder?.finishUnread) return;
    if (!log.kept()) {
      // Nothing to reattach to: exactly a plain answer's disconnect.
      giveUp();
      sink.close();
      return;
    }
    graceTimer = setTimeout(() => void graceOver(), options.graceMs);
  }

  const offReaders = log.onReaders(onReaders);
  /** The stopped answer's last write: its `stopped` event, once the backend was let go. */
  let stopWritten: Promise<void> = Promise.resolve();
  const offStop = log.onStop(() => {
    if (sink.isClosed()) return;
    const stoppedAt = performance.now();
    const wasOpen = relay.upstreamOpen();
    giveUp();
    // The relay settles once its upstream request is let go: the time to that is `released_ms`.
    const released = run.then(() =>
      wasOpen ? Math.round(performance.now() - stoppedAt) : undefined,
    );
    sink.stop(released);
    // After the sink's own reaction to `released` (reactions run in the order they were added).
    stopWritten = released.then(() => undefined);
  });
  const stream = createReaderStream(withTokenInStart(log.feed, token), {
    afterSeq: 0,
    keepaliveIntervalMs: options.keepaliveIntervalMs,
    signal: options.signal,
  });
  // The browser may be gone before its stream even started: the grace period starts now.
  if (log.readers() === 0) onReaders(0);

  // A shutdown whose grace ran out ends the answer through the relay: its readers get the end.
  const untrack = trackStream({ end: () => relay.abort('shutdown') });
  const run = gate ? runGated(gate, sink, givenUp.signal, () => relay.run()) : relay.run();
  const finished = run
    .then(() => stopWritten)
    .finally(() => {
      untrack();
      clearTimeout(graceTimer);
      offReaders();
      offStop();
      mirror?.close();
      offRecorder?.();
      recorder?.onSettled();
      deps.answers.settle(options.requestId);
    });
  return { stream, finished };
}

/**
 * The feed of the answer's first reader — the connection that asked for it — with the resume token
 * put back into its `start` event (the first entry), as the protocol has it.
 */
function withTokenInStart(feed: EntryFeed, token: string): EntryFeed {
  return (afterSeq, onEntries, onEnd) =>
    feed(
      afterSeq,
      (entries) =>
        onEntries(
          entries.map((entry) =>
            entry.seq === 1
              ? {
                  ...entry,
                  data: JSON.stringify({
                    ...(JSON.parse(entry.data) as object),
                    resume_token: token,
                  }),
                }
              : entry,
          ),
        ),
      onEnd,
    );
}
