/** Shape of one provider: its scenarios and how it phrases HTTP errors. */
import type { Flavor } from './flavors';
import type { HttpErrorSpec, ProviderName, RequestBody, Scenario } from './types';

/** Everything the router needs to serve one provider prefix. */
export interface ProviderDef {
  name: ProviderName;
  flavor: Flavor;
  /** Scenario per public model id. */
  scenarios: Record<string, Scenario>;
  /** Extra fields on each `/models` entry (vLLM's `max_model_len`). */
  modelExtras?: Record<string, unknown>;
  /** Serves any model id not in `scenarios` (the `/nomodels` backend). */
  fallback?: Scenario;
  /** False when `GET /models` answers 404 (a backend without a model list). */
  listModels?: boolean;
  /** False when the provider has no `/chat/completions` (ACS). */
  chatEndpoint?: boolean;
  /** The provider's 404 for an unknown model. */
  notFound(model: string): HttpErrorSpec;
  /** The provider's 400 (invalid JSON, bad fields). */
  badRequest(message: string): HttpErrorSpec;
  /** Request validation run before the model lookup (ARK's strict fields). */
  validate?(body: RequestBody): HttpErrorSpec | null;
}
