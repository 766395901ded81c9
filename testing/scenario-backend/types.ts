/**
 * Core types of the scenario backend: a scenario is a pure function from the
 * parsed request to a declarative plan (HTTP error, silence, or SSE steps) that
 * the paced writer executes. Keeping scenarios declarative lets the same plan
 * be streamed, split across TCP reads, or folded into a non-streaming answer.
 */
import type { ArkSessionStore } from './ark-sessions';

/** One instruction for the paced writer. */
export type Step =
  /**
   * A `data: <JSON>` frame. Paced at the token rate unless `paced: false`. With `stamp`, every
   * `__STAMP__` in it becomes the system-wide monotonic time (ms) of the write (load benchmarks
   * measure the delay from this write to the client's read).
   */
  | { chunk: object; paced?: boolean; stamp?: boolean }
  /** Verbatim bytes; never paced (use `sleep` to space raw pieces out). */
  | { raw: string | Uint8Array }
  /** An SSE comment line `: text`. */
  | { comment: string }
  /** `data: [DONE]`. */
  | { done: true }
  /** Silence for `ms` (keepalives may still fire). */
  | { sleep: number }
  /** Silence until the client gives up. */
  | { hang: true }
  /** End the response normally. */
  | { end: true }
  /** Abruptly destroy the socket (a dropped upstream). */
  | { destroy: true };

/** An error answered before any byte of the stream, with its own status. */
export interface HttpErrorSpec {
  status: number;
  contentType: string;
  body: string;
}

/** Tuning knobs of one streamed response. */
export interface StreamOptions {
  /** Delay between paced steps; the global control setting overrides it. */
  tokenDelayMs?: number;
  /** `'spaced'` mimics Python's `json.dumps` (`{"a": 1, "b": 2}`), as tAI sends. */
  jsonStyle?: 'compact' | 'spaced';
  /** Line ending used for SSE lines. */
  eol?: '\n' | '\r\n';
  /** Send a comment whenever this much time passes without any byte. */
  keepaliveMs?: number;
  /** Text of that comment (default `keepalive`). */
  keepaliveComment?: string;
}

/** What a scenario decides to do with a request. */
export type ScenarioResult =
  { httpError: HttpErrorSpec } | { neverRespond: true } | ({ steps: Step[] } & StreamOptions);

/** Which OpenAI-style endpoint was called. */
export type Endpoint = 'chat' | 'completions';

/** Everything a scenario may need besides the raw body. */
export interface ScenarioContext {
  /** Model id as requested (the scenario id). */
  model: string;
  endpoint: Endpoint;
  /** `stream_options.include_usage === true`. */
  includeUsage: boolean;
  /** `stream_options.continuous_usage_stats === true` (only honoured with includeUsage by some flavors). */
  continuousUsage: boolean;
  /** Prompt token estimate derived from the request text. */
  promptTokens: number;
  /** Bearer key from the `authorization` header, if any. */
  bearerKey: string | null;
  /** `max_tokens` / `max_completion_tokens`, when given. */
  maxTokens: number | null;
  /** ARK's stateful sessions of this server (set by the router). */
  arkSessions?: ArkSessionStore;
}

/** A request body after JSON parsing (always an object by the time scenarios see it). */
export type RequestBody = Record<string, unknown>;

/** A scenario: decides the response for one request. */
export type Scenario = (body: RequestBody, ctx: ScenarioContext) => ScenarioResult;

/** Provider names used in routing and records. */
export type ProviderName = 'vllm' | 'ark' | 'acs' | 'tai' | 'gpu' | 'llamacpp' | 'nomodels';

/** A streamed plan: steps plus tuning knobs. */
export type StreamPlan = { steps: Step[] } & StreamOptions;
