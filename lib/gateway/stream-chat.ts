import { isTerminal, type RunnelEvent, type StreamError } from '../protocol/events';
import { encodeEvent, KEEPALIVE_FRAME } from '../protocol/sse';
import type { UpstreamRequest } from '../providers/build-request';
import type { StreamGate } from '../server/admission/stream-gate';
import { redactSecrets } from '../security/redact';
import { describeErrorBody } from '../upstream/error-message';
import { createNormalizer, type NormalizerOptions } from '../upstream/normalizer';
import { createSseDecoder, type SseItem } from '../upstream/sse-decoder';
import { translateJsonCompletion } from '../upstream/json-completion';
import { createPacer } from './pacer';
import { readLimitedText } from './read-limited-text';
import { describeUpstreamFailure, type AbortReason } from './upstream-failure';

export interface StreamChatOptions {
  upstream: UpstreamRequest;
  /** The backend's address as it may be shown in an error (no credentials). */
  backendURL: string;
  requestId: string;
  /** The model id as the browser knows it. */
  model: string;
  normalizer: NormalizerOptions;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  keepaliveIntervalMs: number;
  /** Values that must never appear in anything sent or logged. */
  secrets: readonly string[];
  /** The browser's request signal: its abort closes the upstream connection. */
  signal: AbortSignal;
  /** When the request reached the server, on `now()`'s clock. */
  receivedAt: number;
}

export interface StreamChatDeps {
  fetch: typeof fetch;
  now: () => number;
  /** Called once with the outcome, for logging. Never receives secrets. */
  onEnd?: (summary: StreamSummary) => void;
  /** Limits and admission: entered before the upstream call, left once when the stream ends. */
  gate?: StreamGate;
}

export interface StreamSummary {
  requestId: string;
  outcome: 'done' | 'error' | 'client_closed';
  errorCode?: string;
  /** Already redacted. */
  errorMessage?: string;
  ttftMs: number | null;
  durationMs: number;
}

/**
 * Proxies one chat request: returns the browser-facing event stream at once (with `start`), then
 * relays the backend's stream as Runnel events. The upstream connection is closed the moment the
 * browser goes away (request signal or stream cancel, whichever comes first), on a terminal event,
 * or on a timeout — closing it is what makes vLLM stop generating and free the GPU.
 */
export function streamChat(
  options: StreamChatOptions,
  deps: StreamChatDeps,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const upstreamAbort = new AbortController();
  let abortReason: AbortReason | undefined;
  let closed = false;
  let seq = 0;
  let firstTokenAt: number | undefined;
  let keepaliveTimer: ReturnType<typeof setTimeout> | undefined;
  let headersTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
  let summarized = false;

  const redact = (text: string) => redactSecrets(text, options.secrets);

  function abortUpstream(reason: AbortReason): void {
    abortReason ??= reason;
    if (!upstreamAbort.signal.aborted) upstreamAbort.abort(reason);
  }

  function summarize(outcome: StreamSummary['outcome'], error?: StreamError): void {
    if (summarized) return;
    summarized = true;
    deps.onEnd?.({
      requestId: options.requestId,
      outcome,
      ...(error ? { errorCode: error.code, errorMessage: error.message } : {}),
      ttftMs: firstTokenAt === undefined ? null : Math.round(firstTokenAt - options.receivedAt),
      durationMs: Math.round(deps.now() - options.receivedAt),
    });
  }

  function cleanup(): void {
    clearTimeout(keepaliveTimer);
    clearTimeout(headersTimer);
    clearTimeout(idleTimer);
    options.signal.removeEventListener('abort', onClientGone);
  }

  function onClientGone(): void {
    if (closed) return;
    closed = true;
    cleanup();
    abortUpstream('client');
    summarize('client_closed');
  }

  /** While set, frames are collected and written together (one network write per paced batch). */
  let corked: string[] | null = null;

  function write(text: string): void {
    if (corked) {
      corked.push(text);
      return;
    }
    if (closed || !controllerRef) return;
    try {
      controllerRef.enqueue(encoder.encode(text));
    } catch {
      onClientGone();
      return;
    }
    armKeepalive();
  }

  function armKeepalive(): void {
    clearTimeout(keepaliveTimer);
    keepaliveTimer = setTimeout(() => write(KEEPALIVE_FRAME), options.keepaliveIntervalMs);
  }

  function sendAll(events: readonly RunnelEvent[]): void {
    corked = [];
    for (const event of events) send(event);
    uncork();
  }

  function uncork(): void {
    if (!corked) return;
    const text = corked.join('');
    corked = null;
    if (text) write(text);
  }

  function close(): void {
    if (closed) return;
    uncork();
    closed = true;
    cleanup();
    abortUpstream('finished');
    try {
      controllerRef?.close();
    } catch {
      // Already closed by a cancel.
    }
  }

  function send(event: RunnelEvent): void {
    if (closed) return;
    let out = event;
    if (event.type === 'error') {
      const error = { ...event.error, message: redact(event.error.message) };
      out = { type: 'error', error };
      summarize('error', error);
    } else if (event.type === 'status') {
      out = { type: 'status', message: redact(event.message) };
    } else if (
      (event.type === 'content' || event.type === 'reasoning') &&
      firstTokenAt === undefined
    ) {
      firstTokenAt = deps.now();
    } else if (event.type === 'done') {
      const end = deps.now();
      out = {
        type: 'done',
        timing: {
          ttft_ms:
            firstTokenAt === undefined ? null : Math.round(firstTokenAt - options.receivedAt),
          duration_ms: Math.round(end - options.receivedAt),
        },
      };
      summarize('done');
    }
    deps.gate?.observe(out);
    seq += 1;
    write(encodeEvent(seq, out));
    if (isTerminal(event)) close();
  }

  function fail(error: StreamError): void {
    send({ type: 'error', error });
  }

  function armIdle(): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => abortUpstream('idle_timeout'), options.idleTimeoutMs);
  }

  async function relay(response: Response): Promise<void> {
    // Silence counts from the headers on, whatever the body turns out to be.
    armIdle();
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || response.type === 'opaqueredirect') {
      const text = await readLimitedText(response);
      fail({
        code: 'upstream_http_error',
        status: response.status,
        message: describeErrorBody(text, contentType, response.status),
      });
      return;
    }
    if (contentType.includes('text/html')) {
      // A 200 web page is a wrong address (or a captive portal), not a model answering.
      await response.body?.cancel().catch(() => undefined);
      fail({
        code: 'protocol_error',
        message:
          'The backend answered with a web page instead of an event stream: check its base URL',
      });
      return;
    }
    if (contentType.includes('application/json')) {
      // A backend that ignored `stream: true` answers with one JSON completion.
      const text = await response.text();
      for (const event of translateJsonCompletion(text, options.normalizer)) send(event);
      return;
    }
    const normalizer = createNormalizer(options.normalizer);
    // The events of each upstream read go to the pacer, which merges and writes them (see pacer.ts).
    const pacer = createPacer(sendAll, {
      now: deps.now,
      setTimeout,
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    let batch: RunnelEvent[] = [];
    const onItem = (item: SseItem) => {
      batch.push(...normalizer.push(item));
    };
    const flush = () => {
      pacer.push(batch);
      batch = [];
    };
    const decoder = createSseDecoder(onItem);
    if (!response.body) {
      for (const event of normalizer.end()) send(event);
      return;
    }
    const reader = response.body.getReader();
    armIdle();
    try {
      while (!closed) {
        const { value, done } = await reader.read();
        if (done) break;
        armIdle();
        decoder.push(value);
        flush();
      }
      if (!closed) {
        decoder.end();
        batch.push(...normalizer.end());
        flush();
      }
    } finally {
      // What waits is written before anything that follows (the end, a timeout's error).
      pacer.flush();
      clearTimeout(idleTimer);
      if (closed) await reader.cancel().catch(() => undefined);
    }
  }

  async function run(): Promise<void> {
    headersTimer = setTimeout(() => abortUpstream('headers_timeout'), options.headersTimeoutMs);
    let phase: 'connect' | 'body' = 'connect';
    try {
      const response = await deps.fetch(options.upstream.url, {
        method: 'POST',
        headers: options.upstream.headers,
        body: options.upstream.body,
        signal: upstreamAbort.signal,
        // A redirect would re-send the key to wherever it points; treat it as an error instead.
        redirect: 'manual',
      });
      clearTimeout(headersTimer);
      phase = 'body';
      await relay(response);
    } catch (error) {
      if (closed) return;
      fail(
        describeUpstreamFailure(
          error,
          abortReason,
          phase,
          {
            headersMs: options.headersTimeoutMs,
            idleMs: options.idleTimeoutMs,
          },
          options.backendURL,
        ),
      );
    } finally {
      clearTimeout(headersTimer);
      if (!closed) fail({ code: 'internal_error', message: 'The stream ended unexpectedly' });
    }
  }

  /** `run`, behind the gate: nothing reaches the backend before `enter` lets it. */
  async function gated(): Promise<void> {
    try {
      const status = (message: string) => send({ type: 'status', message });
      const refused = await deps.gate?.enter({ signal: upstreamAbort.signal, status });
      if (closed) return;
      if (refused) return fail(refused);
      await run();
    } catch {
      if (!closed) fail({ code: 'internal_error', message: 'The stream ended unexpectedly' });
    } finally {
      deps.gate?.leave();
    }
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controllerRef = controller;
      if (options.signal.aborted) {
        onClientGone();
        deps.gate?.leave();
        return;
      }
      options.signal.addEventListener('abort', onClientGone, { once: true });
      send({ type: 'start', request_id: options.requestId, model: options.model });
      void gated();
    },
    cancel() {
      onClientGone();
    },
  });
}
