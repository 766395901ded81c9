/**
 * The Runnel event protocol: what `POST /api/chat` streams to the browser.
 * See docs/protocol.md. The names and fields here are a
 * public contract: extend, never rename.
 */

/** Token counts; `credits_*` are provider extensions (ARK Cloud). */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  reasoning_tokens?: number;
  cached_tokens?: number;
  credits_used?: number;
  credit_balance?: number;
}

/**
 * What an answer cost, computed by the server when it ends from the configured prices (absent when
 * none are configured). `amount` is `tokens` + `gpu`, in `currency` (ISO 4217); `tokens`: its
 * tokens at the model's prices; `gpu`: its share of a self-hosted backend's GPU time.
 */
export interface AnswerCost {
  amount: number;
  currency: string;
  tokens?: number;
  gpu?: number;
}

/** Error codes the server itself produces after the 200. */
export type StreamErrorCode =
  | 'upstream_http_error'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'incomplete_stream'
  | 'upstream_error'
  | 'protocol_error'
  | 'provider_notice'
  | 'internal_error'
  // No free slot at the backend within QUEUE_TIMEOUT_MS (admission control).
  | 'overloaded'
  // The server drained after SIGTERM and the answer outlasted SHUTDOWN_GRACE_MS.
  | 'server_shutdown';

export interface StreamError {
  message: string;
  code: StreamErrorCode | (string & {});
  status?: number;
  type?: string;
  /** Seconds until the backend takes requests again, when it said (its `Retry-After`). */
  retry_after_s?: number;
}

export interface Timing {
  /** Milliseconds from the request reaching the server to the first reasoning or content token. */
  ttft_ms: number | null;
  /** Milliseconds from the request reaching the server to `[DONE]`. */
  duration_ms: number;
}

/**
 * A conversation kept on the provider (providers with stateful sessions): after this answer it
 * holds the messages sent and the answer. Send `id` back as `session.id` to continue it.
 */
export interface SessionRef {
  id: string;
}

export type RunnelEvent =
  | {
      type: 'start';
      request_id: string;
      model: string;
      /** Resumable answers only: what `GET /api/chat/{request_id}/events` and `…/stop` take. */
      resume_token?: string;
    }
  | {
      type: 'status';
      /** In words, for whoever shows only text ("Waiting for a free slot — 2 ahead · about 20 s"). */
      message: string;
      /** Waiting in Runnel's line for a slot on the backend: this answer's place (1 = next). */
      position?: number;
      /** Seconds until a slot is expected, from recent answers' times on that backend. */
      eta_s?: number;
      /** The backend's own load, read from its provider's `metricsURL`: requests running… */
      backend_running?: number;
      /** …and requests waiting in the backend's own queue. */
      backend_waiting?: number;
    }
  | { type: 'reasoning'; text: string }
  | { type: 'content'; text: string }
  | { type: 'tool_call'; index: number; id: string; name: string; arguments: string }
  | { type: 'usage'; usage: Usage; final: boolean }
  | { type: 'finish'; reason: string }
  | { type: 'error'; error: StreamError }
  | { type: 'done'; timing?: Timing; session?: SessionRef; cost?: AnswerCost }
  /**
   * Resumable answers: someone called `POST /api/chat/{request_id}/stop`; terminal. `released_ms`:
   * from the stop reaching the instance that generates the answer to its upstream request being
   * closed (absent when the answer had no upstream request open, e.g. while it waited in line).
   */
  | { type: 'stopped'; released_ms?: number };

export type RunnelEventType = RunnelEvent['type'];

/** Events after which the stream ends. */
export function isTerminal(event: RunnelEvent): boolean {
  return event.type === 'done' || event.type === 'error' || event.type === 'stopped';
}

/**
 * Progress within an answer — more text, a running count — as opposed to a change of state (a
 * status, the final usage, the end). Progress may be merged and shown a moment later; a change of
 * state is passed on at once.
 */
export function isProgress(event: RunnelEvent): boolean {
  return (
    event.type === 'content' ||
    event.type === 'reasoning' ||
    (event.type === 'usage' && !event.final)
  );
}
