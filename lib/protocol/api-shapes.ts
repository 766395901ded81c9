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
  /** What the provider's credits count (`credits`), when it reports credits in its usage. */
  credit_unit?: string;
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
  providers: ProviderHealth[];
}
