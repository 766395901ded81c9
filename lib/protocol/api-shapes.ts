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
}

/** `GET /api/models`. */
export interface ModelsResponse {
  models: ModelInfo[];
  default_model: string | null;
}

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
}

/** `GET /api/health` (HTTP 503 when every backend is down, still JSON). */
export interface HealthResponse {
  status: 'ok' | 'degraded' | 'down';
  /** Left out for requests without a session (and widget visitors): backend addresses are internal. */
  providers?: ProviderHealth[];
  /** `"open"` when no sign-in method is configured on a production server other machines reach. */
  access?: 'open';
}
