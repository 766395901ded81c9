/** Fixed loopback ports of the test stack (playwright.config.ts starts it; providers.e2e.json names them). */
export const SCENARIO_URL = 'http://127.0.0.1:4010';
/** The app against the scenario backend (PROVIDERS_FILE mode). */
export const APP_URL = 'http://127.0.0.1:3100';
/** The app in single-provider mode pointed at a port where nothing listens. */
export const DOWN_APP_URL = 'http://127.0.0.1:3101';
/** The key the app sends to the scenario backend's vLLM provider; it must never come back. */
export const E2E_VLLM_KEY = 'sk-e2e-vllm-0123456789abcdef-SECRET';
