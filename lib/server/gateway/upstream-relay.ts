import 'server-only';

import type { RunnelEvent } from '../../protocol/events';
import type { UpstreamRequest } from '../providers/build-request';
import { describeErrorBody } from '../upstream/error-message';
import { translateJsonCompletion } from '../upstream/json-completion';
import { createNormalizer, type NormalizerOptions } from '../upstream/normalizer';
import { createSseDecoder, type SseItem } from '../upstream/sse-decoder';
import type { EventSink } from './event-output';
import { createPacer } from './pacer';
import { readLimitedText } from './read-limited-text';
import { describeUpstreamFailure, type AbortReason } from './upstream-failure';

export interface UpstreamRelayOptions {
  upstream: UpstreamRequest;
  /** The backend's address as it may be shown in an error (no credentials). */
  backendURL: string;
  normalizer: NormalizerOptions;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
}

export interface UpstreamRelay {
  /** Calls the backend and relays its answer into the sink until a terminal event. */
  run(): Promise<void>;
  /** Closes the upstream connection (what makes vLLM stop generating and free the GPU). */
  abort(reason: AbortReason): void;
}

/**
 * The backend-facing side of one answer: one upstream request, its response read as it arrives,
 * normalised into Runnel events and paced into the sink. Every failure — HTTP error, a web page
 * instead of a stream, timeouts, a dropped connection — becomes one terminal `error` event.
 */
export function createUpstreamRelay(
  options: UpstreamRelayOptions,
  deps: { fetch: typeof fetch; now: () => number },
  sink: EventSink,
): UpstreamRelay {
  const upstreamAbort = new AbortController();
  let abortReason: AbortReason | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function abort(reason: AbortReason): void {
    abortReason ??= reason;
    if (!upstreamAbort.signal.aborted) upstreamAbort.abort(reason);
  }

  function armIdle(): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => abort('idle_timeout'), options.idleTimeoutMs);
  }

  /** A response that is not an event stream: an HTTP error, a web page, or one JSON answer. */
  async function relayNonStream(response: Response, contentType: string): Promise<boolean> {
    if (!response.ok || response.type === 'opaqueredirect') {
      const text = await readLimitedText(response);
      const message = describeErrorBody(text, contentType, response.status);
      sink.send({
        type: 'error',
        error: { code: 'upstream_http_error', status: response.status, message },
      });
      return true;
    }
    if (contentType.includes('text/html')) {
      // A 200 web page is a wrong address (or a captive portal), not a model answering.
      await response.body?.cancel().catch(() => undefined);
      const message =
        'The backend answered with a web page instead of an event stream: check its base URL';
      sink.send({ type: 'error', error: { code: 'protocol_error', message } });
      return true;
    }
    if (contentType.includes('application/json')) {
      // A backend that ignored `stream: true` answers with one JSON completion.
      const text = await response.text();
      for (const event of translateJsonCompletion(text, options.normalizer)) sink.send(event);
      return true;
    }
    return false;
  }

  async function relay(response: Response): Promise<void> {
    // Silence counts from the headers on, whatever the body turns out to be.
    armIdle();
    if (await relayNonStream(response, response.headers.get('content-type') ?? '')) return;
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
    let batch: RunnelEvent[] = [];
    const decoder = createSseDecoder((item: SseItem) => batch.push(...normalizer.push(item)));
    const flush = () => {
      pacer.push(batch);
      batch = [];
    };
    const reader = response.body.getReader();
    try {
      while (!sink.isClosed()) {
        const { value, done } = await reader.read();
        if (done) break;
        armIdle();
        decoder.push(value);
        flush();
      }
      if (!sink.isClosed()) {
        decoder.end();
        batch.push(...normalizer.end());
        flush();
      }
    } finally {
      // What waits is written before anything that follows (the end, a timeout's error).
      pacer.flush();
      clearTimeout(idleTimer);
      if (sink.isClosed()) await reader.cancel().catch(() => undefined);
    }
  }

  async function run(): Promise<void> {
    const headersTimer = setTimeout(() => abort('headers_timeout'), options.headersTimeoutMs);
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
      if (sink.isClosed()) return;
      const timeouts = { headersMs: options.headersTimeoutMs, idleMs: options.idleTimeoutMs };
      const failure = describeUpstreamFailure(
        error,
        abortReason,
        phase,
        timeouts,
        options.backendURL,
      );
      sink.send({ type: 'error', error: failure });
    } finally {
      clearTimeout(headersTimer);
      clearTimeout(idleTimer);
      if (!sink.isClosed()) {
        sink.send({
          type: 'error',
          error: { code: 'internal_error', message: 'The stream ended unexpectedly' },
        });
      }
    }
  }

  return { run, abort };
}
