/**
 * Loopback ports of the test stack. Fixed by default (CI); `E2E_PORT_BASE=5000` moves the whole
 * stack (app on 5000, down app on 5001, scenario backend on 5010) so two people can run it at once.
 */
const base = Number(process.env.E2E_PORT_BASE) || 0;

export const APP_PORT = base || 3100;
export const DOWN_APP_PORT = base ? base + 1 : 3101;
export const SCENARIO_PORT = base ? base + 10 : 4010;

export const SCENARIO_URL = `http://127.0.0.1:${SCENARIO_PORT}`;
/** The app against the scenario backend (PROVIDERS_FILE mode). */
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** The app in single-provider mode pointed at a port where nothing listens. */
export const DOWN_APP_URL = `http://127.0.0.1:${DOWN_APP_PORT}`;
