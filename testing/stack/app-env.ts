import { HOST_URL } from './host-ports';
import { E2E_KEYS } from './keys';
import { SCENARIO_PORT } from './ports';

/** Environment of the app under test: short timeouts so every failure path runs in seconds. */
export const APP_ENV: Record<string, string> = {
  // Written by writeProvidersFile() (playwright.config.ts, dev-scenarios) before the app starts.
  PROVIDERS_FILE: `.runnel/providers-${SCENARIO_PORT}.json`,
  E2E_VLLM_KEY: E2E_KEYS.vllm,
  E2E_ARK_KEY: E2E_KEYS.ark,
  DEFAULT_MODEL: 'vllm:reasoning',
  UPSTREAM_HEADERS_TIMEOUT_MS: '2000',
  // Silence between two scenario tokens is at most 1.2 s (a long prefill); a backend stalled on a
  // busy machine once went 1.5 s without a byte mid-answer, ending two answers in error.
  UPSTREAM_IDLE_TIMEOUT_MS: '4000',
  KEEPALIVE_INTERVAL_MS: '400',
  // The widget tests' allowed host page (e2e/widget); its twin on another port is refused.
  EMBED_ALLOWED_ORIGINS: HOST_URL,
  // Conversations are named by a model of their own, so a spec's requests to its chat model are
  // only the ones it made.
  TITLE_MODEL: 'vllm:title',
  NEXT_TELEMETRY_DISABLED: '1',
};

/**
 * The main app under test: `APP_ENV` and a `METRICS_TOKEN`, for the specs that check what the
 * server counts (thumbs up and down). The other apps keep metrics off, as a default install has.
 */
export const MAIN_APP_ENV: Record<string, string> = { ...APP_ENV, METRICS_TOKEN: E2E_KEYS.metrics };

/** The app with a backend that is down (nothing listens on that port). */
export const DOWN_APP_ENV: Record<string, string> = {
  OPENAI_BASE_URL: 'http://127.0.0.1:59999/v1',
  OPENAI_API_KEY: E2E_KEYS.down,
  NEXT_TELEMETRY_DISABLED: '1',
};

/** Where the app under test on `port` writes its output, so the suite can check no key was logged. */
export function appLog(port: number): string {
  return `.runnel/logs/app-${port}.log`;
}
