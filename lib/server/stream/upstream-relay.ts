import 'server-only';

import type { RunnelEvent } from '../../protocol/events';
import type { UpstreamRequest } from '../providers/build-request';
import type { ReplicaLease } from '../replicas/replica-pool';
import { createNormalizer, type NormalizerOptions } from '../upstream/normalizer';
import { createSseDecoder, type SseItem } from '../upstream/sse-decoder';
import type { EventSink } from './event-output';
import { createPacer } from './pacer';
import { relayNonStream } from './relay-non-stream';
import { MoveOn, singleAddress, type ReplicaSource } from './replica-source';
import { sendPastStaleConnections } from './stale-connection';
import { describeUpstreamFailure, type AbortReason } from './upstream-failure';

export interface UpstreamRelayOptions {
  upstream: UpstreamRequest;
  /** What an error calls the backend: its address (no credentials), or its label. */
  backendURL: string;
  /** Whether an error may name a failed replica by its address (callers who may see addresses). */
  showReplicaAddresses?: boolean;
  normalizer: NormalizerOptions;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  /** The provider's replicas; without them, `upstream.url` is the only address. */
  replicas?: ReplicaSource;
}

export interface UpstreamRelayDeps {
  fetch: typeof fetch;
  now: () => number;
  /** How the backend answered each attempt (status, or why there was none), for metrics. */
  onUpstream?: (status: number | 'unreachable' | 'timeout', replica: string) => void;
}

export interface UpstreamRelay {
  /** Calls the backend and relays its answer into the sink until a terminal event. */
  run(): Promise<void>;
  /** Closes the upstream connection (what makes vLLM stop generating and free the GPU). */
  abort(reason: AbortReason): void;
  /** Whether a request to the backend is open now (sent, its answer not yet over or let go). */
  upstreamOpen(): boolean;
}

/**
 * The backend-facing side of one answer: one upstream request, its response read as the browser
 * takes it (`sink.whenWritable()`), normalised into Runnel events and paced into the sink. Every
 * failure — HTTP error, a web page instead of a stream, timeouts, a dropped connection — becomes
 * one terminal `error` event. With replicas, an attempt that fails before the answer started (no
 * connection, a 5xx, a stream cut before its first event) moves on to the next replica unseen.
 */
export function createUpstreamRelay(
  options: UpstreamRelayOptions,
  deps: UpstreamRelayDeps,
  sink: EventSink,
): UpstreamRelay {
  const upstreamAbort = new AbortController();
  let abortReason: AbortReason | undefined;
  /**
   * The backend's silence: one timer per answer, pushed back before each read (`refresh()`; a new
   * timer per read would be garbage per token). While the relay waits for the browser it is
   * paused — it may fire then, and does nothing — and the next read re-arms it in full.
   */
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let idlePaused = false;
  /** Whether the current attempt got its response headers (a failure after is a cut stream). */
  let phase: 'connect' | 'body' = 'connect';
  const source = options.replicas ?? singleAddress(options.upstream.url, options.backendURL);
  const path = options.replicas ? options.upstream.path : '';
  const tried = new Set<string>();
  /** Open from the request being sent until its response is over or let go (reader cancelled). */
  let open = false;

  /** The backend sent `[DONE]`: its answer is complete and only its body's end can follow. */
  let upstreamDone = false;

  function abort(reason: AbortReason): void {
    // The answer ended with the backend's own end: nothing to stop there, and the rest of its body
    // is read rather than cut (readToEnd), which keeps the connection.
    if (reason === 'finished' && upstreamDone) return;
    abortReason ??= reason;
    if (!upstreamAbort.signal.aborted) upstreamAbort.abort(reason);
  }

  function onIdle(): void {
    if (!idlePaused) abort('idle_timeout');
  }

  function armIdle(): void {
    idlePaused = false;
    // `refresh()` also re-arms a timer that fired while paused.
    if (idleTimer) idleTimer.refresh();
    else idleTimer = setTimeout(onIdle, options.idleTimeoutMs);
  }

  function stopIdle(): void {
    clearTimeout(idleTimer);
    idleTimer = undefined;
  }

  /** Reads the event stream; `mayMoveOn`: a stream cut before its first event throws MoveOn. */
  async function relay(response: Response, mayMoveOn: boolean): Promise<void> {
    // Silence counts from the headers on, whatever the body turns out to be.
    armIdle();
    const contentType = response.headers.get('content-type') ?? '';
    if (await relayNonStream(response, contentType, options.normalizer, sink)) return;
    const normalizer = createNormalizer(options.normalizer);
    if (!response.body) {
      for (const event of normalizer.end()) sink.send(event);
      return;
    }
    // The events of each upstream read go to the pacer, which merges and writes them (pacer.ts).
    const pacer = createPacer((events) => sink.sendAll(events), {
      now: deps.now,
      setTimeout,
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    // One array for the whole answer, emptied after each read (the pacer copies what it keeps).
    const batch: RunnelEvent[] = [];
    let produced = false;
    upstreamDone = false;
    const decoder = createSseDecoder((item: SseItem) => {
      for (const event of normalizer.push(item)) {
        if (event.type === 'done') upstreamDone = true;
        batch.push(event);
      }
    });
    const flush = () => {
      if (batch.length === 0) return;
      produced = true;
      pacer.push(batch);
      batch.length = 0;
    };
    const reader = response.body.getReader();
    try {
      while (!sink.isClosed()) {
        // Waiting for the browser is not the backend's silence: the idle clock stops meanwhile.
        idlePaused = true;
        // With the abort signal, a relay waiting for the browser still hears a shutdown or Stop (a
        // race against one promise as long-lived as the stream would leave a reaction per read).
        await sink.whenWritable(upstreamAbort.signal);
        if (upstreamAbort.signal.aborted) throw new Error('aborted');
        if (sink.isClosed()) break;
        armIdle();
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (mayMoveOn && !produced && !abortReason) throw new MoveOn('broken');
          throw error;
        }
        if (chunk.done) break;
        decoder.push(chunk.value);
        flush();
      }
      if (!sink.isClosed()) {
        decoder.end();
        if (mayMoveOn && !produced && batch.length === 0) throw new MoveOn('broken');
        batch.push(...normalizer.end());
        flush();
      }
    } finally {
      // What waits is written before anything that follows (the end, a timeout's error).
      pacer.flush();
      stopIdle();
      // Not awaited: the answer is over, and its slot and replica are let go at once; the body's
      // last bytes only decide whether the connection is kept.
      if (upstreamDone && !upstreamAbort.signal.aborted) void readToEnd(reader);
      else if (sink.isClosed() || upstreamAbort.signal.aborted) {
        await reader.cancel().catch(() => undefined);
      }
    }
  }

  /** One attempt on one replica: connect, then relay. Throws MoveOn to try the next one. */
  async function attempt(lease: ReplicaLease, headersTimer: NodeJS.Timeout): Promise<void> {
    const mayMoveOn = tried.size < source.size;
    phase = 'connect';
    let response: Response;
    const send = () =>
      deps.fetch(`${lease.baseURL}${path}`, {
        method: 'POST',
        headers: options.upstream.headers,
        body: options.upstream.body,
        signal: upstreamAbort.signal,
        // A redirect would re-send the key to wherever it points; treat it as an error instead.
        redirect: 'manual',
      });
    open = true;
    try {
      response = await sendPastStaleConnections(send, () => abortReason !== undefined);
    } catch (error) {
      open = false;
      if (!abortReason) {
        deps.onUpstream?.('unreachable', lease.label);
        lease.failed('unreachable');
        if (mayMoveOn) throw new MoveOn('unreachable');
      } else if (abortReason === 'headers_timeout') deps.onUpstream?.('timeout', lease.label);
      throw error;
    }
    deps.onUpstream?.(response.status, lease.label);
    if (response.status >= 500) {
      lease.failed('http_5xx');
      if (mayMoveOn) {
        await response.body?.cancel().catch(() => undefined);
        open = false;
        throw new MoveOn('http_5xx');
      }
    } else lease.succeeded();
    clearTimeout(headersTimer);
    phase = 'body';
    try {
      await relay(response, mayMoveOn);
    } catch (error) {
      if (!abortReason) lease.failed(error instanceof MoveOn ? error.reason : 'broken');
      throw error;
    } finally {
      open = false;
    }
  }

  async function run(): Promise<void> {
    const headersTimer = setTimeout(() => abort('headers_timeout'), options.headersTimeoutMs);
    let lease = await source.acquire(tried);
    try {
      while (lease && !sink.isClosed()) {
        tried.add(lease.baseURL);
        try {
          await attempt(lease, headersTimer);
          return;
        } catch (error) {
          if (!(error instanceof MoveOn)) throw error;
          lease.release();
          lease = await source.acquire(tried);
        }
      }
    } catch (error) {
      if (sink.isClosed()) return;
      const timeouts = { headersMs: options.headersTimeoutMs, idleMs: options.idleTimeoutMs };
      const failure = describeUpstreamFailure(
        error,
        abortReason,
        phase,
        timeouts,
        lease && options.showReplicaAddresses ? lease.label : options.backendURL,
      );
      sink.send({ type: 'error', error: failure });
    } finally {
      lease?.release();
      clearTimeout(headersTimer);
      stopIdle();
      if (!sink.isClosed()) {
        sink.send({
          type: 'error',
          error: { code: 'internal_error', message: 'The stream ended unexpectedly' },
        });
      }
    }
  }

  return { run, abort, upstreamOpen: () => open };
}

/** How long the end of a body may lag behind its `[DONE]` before the connection is closed. */
const BODY_END_AFTER_DONE_MS = 1_000;

/**
 * After the backend's `[DONE]`, reads the rest of its body (the chunked encoding's last bytes)
 * instead of cancelling it: a cancelled body closes its connection, so every answer opened a new
 * one to the backend on its way to the first token (traced with the local engine). Read to its
 * end, the connection goes back to fetch's keep-alive pool. Anything but blank lines after
 * `[DONE]`, or no end soon, closes it as before.
 */
async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const cancel = () => void reader.cancel().catch(() => undefined);
  const timer = setTimeout(cancel, BODY_END_AFTER_DONE_MS);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value.some((byte) => byte !== 0x0a && byte !== 0x0d && byte !== 0x20)) {
        cancel();
        return;
      }
    }
  } catch {
    // Gone already: nothing to keep.
  } finally {
    clearTimeout(timer);
  }
}
