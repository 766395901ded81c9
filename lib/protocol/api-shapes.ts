/**
 * The JSON the browser reads from `GET /api/models` and `GET /api/health`: part of the contract
 * (docs/protocol.md), so server and browser share these shapes from here rather than the browser
 * importing server modules.
 */

/** Which endpoint a model uses: `/chat/completions` or `/completions`. */
export type ModelKind = 'chat' | 'completion';

/** A model as `GET /api/models` lists it. */
export interface ModelInfo {
  /** Opaque to clients: sent back as it is. */
  id: string;
  label: string;
  /** The provider's id. */
  provider: string;
  kind: ModelKind;
  vision?: boolean;
  reasoning?: boolean;
  context_length?: number;
  /** Its provider keeps conversations between requests: send `session` (docs/protocol.md). */
  stateful_sessions?: boolean;
  /** What the provider's credits count (`credits`), when it reports credits in its usage. */
  credit_unit?: string;
}

/** `GET /api/models`. */
export interface ModelsResponse {
  models: ModelInfo[];
  default_model: string | null;
  /** `SUGGESTED_PROMPTS`: shown on the new-chat screen. Absent when not configured. */
  suggested_prompts?: string[];
  /** `IMAGE_MAX_EDGE`: attached images are downscaled to it. Absent: `DEFAULT_IMAGE_MAX_EDGE`. */
  image_max_edge?: number;
  /** `MAX_REQUEST_BYTES`, so the page can refuse a too large message before sending it. Absent: the default. */
  max_request_bytes?: number;
  /** Why the app runs without the backend it was meant to have (the main command's fallback). */
  notice?: string;
  /** `MAX_OUTPUT_TOKENS`: the longest answer the server asks for. Absent: the default. */
  max_output_tokens?: number;
  /**
   * `TITLE_MODEL`: the model asked for a conversation's title after its first answer, or `off`
   * (titles stay the first message). Absent: each conversation's own model.
   */
  title_model?: string;
}

/** The cap on an answer's tokens unless `MAX_OUTPUT_TOKENS` says otherwise. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

/** The longest edge attached images get, in pixels, unless `IMAGE_MAX_EDGE` says otherwise. */
export const DEFAULT_IMAGE_MAX_EDGE = 1568;

/** The request body limit unless `MAX_REQUEST_BYTES` says otherwise. */
export const DEFAULT_MAX_REQUEST_BYTES = 8 * 1024 * 1024;

/** One backend as `GET /api/health` reports it. */
export interface ProviderHealth {
  id: string;
  label: string;
  /** The backend's address with any credentials in it removed. */
  baseURL: string;
  reachable: boolean;
  /** HTTP status of `{baseURL}/models`, when the backend answered. */
  status?: number;
  latency_ms: number;
  /** Each address, when the provider has several replicas. */
  replicas?: ReplicaHealth[];
  /** The backend's own load, when its provider names a `metricsURL` and it answered. */
  load?: { running: number; waiting: number };
}

/** One replica of a provider as `GET /api/health` reports it. */
export interface ReplicaHealth {
  baseURL: string;
  reachable: boolean;
  status?: number;
  latency_ms: number;
  /** Answers streaming from it now (across instances when they share Redis). */
  active_streams: number;
  /** Set while it is ejected after a failure: when it is tried again. */
  retry_in_ms?: number;
}

/**
 * `GET /api/health` (HTTP 503 when every backend is down or the server is shutting down, still
 * JSON).
 */
export interface HealthResponse {
  status: 'ok' | 'degraded' | 'down' | 'shutting_down';
  /** Left out for requests without a session (and widget visitors): backend addresses are internal. */
  providers?: ProviderHealth[];
  /** `"open"` when no sign-in method is configured on a production server other machines reach. */
  access?: 'open';
}
