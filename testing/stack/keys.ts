/**
 * The API keys the test stack configures; none may ever come back from the app or appear in its
 * logs. None is shaped like a credential the redactor also knows by its pattern (`sk-…`,
 * `Bearer …`, `api_key=…`): only the configured-key path (configuration → runtime → stream) can
 * mask them, so the secrets tests fail when that path breaks.
 */
export const E2E_KEYS = {
  /** The scenario backend's vLLM provider (PROVIDERS_FILE `apiKeyEnv: E2E_VLLM_KEY`). */
  vllm: 'rnl-e2e-vllm-5c1d9a7e3b2f4680',
  /** Its ARK provider (`apiKeyEnv: E2E_ARK_KEY`). */
  ark: 'ark-e2e-key-9876543210',
  /** The single-provider app whose backend is down (`OPENAI_API_KEY`). */
  down: 'rnl-e2e-down-0e8b7c6a5d4f3e21',
  /** The main app's `METRICS_TOKEN` (the feedback specs read its counters). */
  metrics: 'rnl-e2e-metrics-7a3c9e1f5b2d8460',
} as const;
