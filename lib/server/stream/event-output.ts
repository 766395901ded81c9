import 'server-only';

import { isTerminal, type RunnelEvent } from '../../protocol/events';
import { encodeEvent } from '../../protocol/sse';
import { createEventStamp, type EventStampDeps, type EventStampOptions } from './event-stamp';
import { createSseWriter } from './sse-writer';

export type { StreamSummary } from './event-stamp';

/** What the browser-facing side needs to know about the answer it carries. */
export interface EventOutputOptions extends EventStampOptions {
  /** The model id as the browser knows it. */
  model: string;
  keepaliveIntervalMs: number;
  /** The browser's request signal: its abort means the browser went away. */
  signal: AbortSignal;
}

export type EventOutputDeps = EventStampDeps;

/** Why the output stopped taking events: the browser left, or the answer reached its end. */
type OutputStop = 'client' | 'finished';

/** The side of the relay that events are handed to. */
export interface EventSink {
  send(event: RunnelEvent): void;
  /** Several events in one network write (a paced batch). */
  sendAll(events: readonly RunnelEvent[]): void;
  /** No more events are taken (terminal event sent, or the browser went away). */
  isClosed(): boolean;
  /**
   * Resolves when the consumer has room for more (at once while it has), when the sink closes, or
   * when `signal` aborts. The relay awaits it before each upstream read, so a browser that stops
   * reading stops the reading of the backend instead of growing a buffer.
   */
  whenWritable(signal?: AbortSignal): Promise<void>;
}

/**
 * Bytes the browser-facing stream holds before it reports itself full. Beyond it come only Next's
 * one chunk in flight, the HTTP response's own buffer and the kernel's socket buffers.
 */
const OUTPUT_HIGH_WATER_BYTES = 64 * 1024;

export interface EventOutput extends EventSink {
  /** The `text/event-stream` body, which starts with `start`. */
  stream: ReadableStream<Uint8Array>;
}

/**
 * The browser-facing side of one answer: numbers each event (`id:`), scrubs secrets from every
 * message that came from a backend, stamps `done` with the timing, writes keepalive comments while
 * idle, and closes after the terminal event. `onStop` is called once, when the browser goes away
 * (request signal or stream cancel, whichever comes first) or the answer ended, so the relay can
 * close the upstream connection.
 */
export function createEventOutput(
  options: EventOutputOptions,
  deps: EventOutputDeps,
  onStop: (reason: OutputStop) => void,
): EventOutput {
  let closed = false;
  let seq = 0;
  const writer = createSseWriter(options.keepaliveIntervalMs, () => onClientGone());
  /** Resolvers of `whenWritable()` calls waiting for the consumer to read. */
  let waiting: (() => void)[] = [];
  /** While set, frames are collected and written together (one network write per paced batch). */
  let corked: string | null = null;
  const { stamp, summarize } = createEventStamp(options, deps);

  function wake(): void {
    if (waiting.length === 0) return;
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve();
  }

  function hasRoom(): boolean {
    return closed || writer.hasRoom();
  }

  function cleanup(): void {
    writer.stop();
    wake();
    options.signal.removeEventListener('abort', onClientGone);
  }

  function onClientGone(): void {
    if (closed) return;
    closed = true;
    cleanup();
    onStop('client');
    summarize('client_closed');
  }

  function write(text: string): void {
    if (corked !== null) {
      corked += text;
      return;
    }
    if (!closed) writer.write(text);
  }

  function uncork(): void {
    if (corked === null) return;
    const text = corked;
    corked = null;
    if (text) write(text);
  }

  function close(): void {
    if (closed) return;
    uncork();
    closed = true;
    writer.stop(true);
    cleanup();
    onStop('finished');
  }

  function send(event: RunnelEvent): void {
    if (closed) return;
    seq += 1;
    write(encodeEvent(seq, stamp(event)));
    if (isTerminal(event)) close();
  }

  function sendAll(events: readonly RunnelEvent[]): void {
    corked = '';
    for (const event of events) send(event);
    uncork();
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        writer.attach(controller);
        if (options.signal.aborted) {
          onClientGone();
          return;
        }
        options.signal.addEventListener('abort', onClientGone, { once: true });
        send({ type: 'start', request_id: options.requestId, model: options.model });
      },
      // The consumer read: there may be room again.
      pull() {
        if (hasRoom()) wake();
      },
      cancel() {
        onClientGone();
      },
    },
    { highWaterMark: OUTPUT_HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );

  function whenWritable(signal?: AbortSignal): Promise<void> {
    if (hasRoom() || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', done);
        resolve();
      };
      waiting.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  return { stream, send, sendAll, isClosed: () => closed, whenWritable };
}
