import 'server-only';

import { KEEPALIVE_FRAME } from '../../protocol/sse';

/**
 * The writing end of one `text/event-stream` body: frames go to the stream's controller as bytes,
 * and a keepalive comment goes out whenever nothing else was written for `keepaliveIntervalMs`.
 * Both a plain answer's output (event-output.ts) and every reader of a resumable answer
 * (resume/reader-stream.ts) write through one.
 */
export interface SseWriter {
  /** Hands over the stream's controller (from the stream's `start`); keepalives start now. */
  attach(controller: ReadableStreamDefaultController<Uint8Array>): void;
  /** Writes frames (already encoded: protocol/sse.ts). Nothing once stopped. */
  write(text: string): void;
  /** Whether the consumer has room for more (true before `attach` and after `stop`). */
  hasRoom(): boolean;
  /** Stops writing and the keepalives; with `close`, ends the body as well. */
  stop(close?: boolean): void;
}

/**
 * `onBroken` is called when a write fails (the consumer cancelled the body between two writes); the
 * writer has stopped by then.
 */
export function createSseWriter(keepaliveIntervalMs: number, onBroken: () => void): SseWriter {
  const encoder = new TextEncoder();
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
  let stopped = false;
  /**
   * One timer for the whole body, pushed back by every write (`refresh()`): a new timer per write
   * would be garbage per token, and at thousands of streams that garbage is what the process's peak
   * memory is made of.
   */
  let keepaliveTimer: ReturnType<typeof setTimeout> | undefined;

  function armKeepalive(): void {
    // `refresh()` also re-arms the timer after it fired (the keepalive just written).
    if (keepaliveTimer) keepaliveTimer.refresh();
    else keepaliveTimer = setTimeout(() => write(KEEPALIVE_FRAME), keepaliveIntervalMs);
  }

  function write(text: string): void {
    if (stopped || !controllerRef) return;
    try {
      controllerRef.enqueue(encoder.encode(text));
    } catch {
      stop();
      onBroken();
      return;
    }
    armKeepalive();
  }

  function stop(close = false): void {
    if (stopped) return;
    stopped = true;
    clearTimeout(keepaliveTimer);
    if (!close) return;
    try {
      controllerRef?.close();
    } catch {
      // Already closed by a cancel.
    }
  }

  return {
    attach(controller) {
      controllerRef = controller;
      if (!stopped) armKeepalive();
    },
    write,
    hasRoom: () => stopped || !controllerRef || (controllerRef.desiredSize ?? 1) > 0,
    stop,
  };
}
