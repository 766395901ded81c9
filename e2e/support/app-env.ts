import { E2E_VLLM_KEY } from './ports';

/** Environment of the app under test: short timeouts so every failure path runs in seconds. */
export const APP_ENV: Record<string, string> = {
  PROVIDERS_FILE: 'e2e/providers.e2e.json',
  E2E_VLLM_KEY,
  E2E_ARK_KEY: 'ark-e2e-key-9876543210',
  DEFAULT_MODEL: 'vllm:reasoning',
  UPSTREAM_HEADERS_TIMEOUT_MS: '2000',
  UPSTREAM_IDLE_TIMEOUT_MS: '1500',
  KEEPALIVE_INTERVAL_MS: '400',
  NEXT_TELEMETRY_DISABLED: '1',
};

/** The app with a backend that is down (nothing listens on that port). */
export const DOWN_APP_ENV: Record<string, string> = {
  OPENAI_BASE_URL: 'http://127.0.0.1:59999/v1',
  OPENAI_API_KEY: 'sk-down-app-key-should-never-leak',
  NEXT_TELEMETRY_DISABLED: '1',
};
