import { HOST_URL } from './host-ports';
import { APP_PORT, E2E_VLLM_KEY, SCENARIO_PORT } from './ports';

/** Environment of the app under test: short timeouts so every failure path runs in seconds. */
export const APP_ENV: Record<string, string> = {
  // Written by writeProvidersFile() (playwright.config.ts, dev-scenarios) before the app starts.
  PROVIDERS_FILE: `.runnel/providers-${SCENARIO_PORT}.json`,
  E2E_VLLM_KEY,
  E2E_ARK_KEY: 'ark-e2e-key-9876543210',
  DEFAULT_MODEL: 'vllm:reasoning',
  UPSTREAM_HEADERS_TIMEOUT_MS: '2000',
  UPSTREAM_IDLE_TIMEOUT_MS: '1500',
  KEEPALIVE_INTERVAL_MS: '400',
  // The widget tests' allowed host page (e2e/widget); its twin on another port is refused.
  EMBED_ALLOWED_ORIGINS: HOST_URL,
  NEXT_TELEMETRY_DISABLED: '1',
};

/** The app with a backend that is down (nothing listens on that port). */
export const DOWN_APP_ENV: Record<string, string> = {
  OPENAI_BASE_URL: 'http://127.0.0.1:59999/v1',
  OPENAI_API_KEY: 'sk-down-app-key-should-never-leak',
  NEXT_TELEMETRY_DISABLED: '1',
};

/** Where the app under test writes its output, so the suite can check that no key was logged. */
export const APP_LOG = `.runnel/logs/app-${APP_PORT}.log`;
