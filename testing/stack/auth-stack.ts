/**
 * The access specs' part of the test stack: one app with every sign-in method configured at once
 * (access codes, OpenID Connect against a real provider on loopback, a trusted proxy header),
 * started next to the open app by playwright.config.ts, keeping its sign-in throttle in the
 * stack's redis-server (so a second instance started with the same environment shares it).
 * `E2E_PORT_BASE` moves it with the rest.
 */
import { readFileSync } from 'node:fs';
import { APP_ENV } from './app-env';
import { writeStackFile } from './providers-file';
import { HOST_URL } from './host-ports';
import { REDIS_URL } from './limits-stack';
import { OIDC_ALLOWED, OIDC_CLIENT } from '../oidc-provider/users';

const base = Number(process.env.E2E_PORT_BASE) || 0;

// base+2 and base+3 are the limits stack's two instances (limits-stack.ts).
export const SECURE_APP_PORT = base ? base + 4 : 3104;
export const OIDC_PORT = base ? base + 12 : 4012;

/** The app with sign-in methods. */
export const SECURE_APP_URL = `http://127.0.0.1:${SECURE_APP_PORT}`;
/** The test OpenID provider (testing/oidc-provider). */
export const OIDC_ISSUER_URL = `http://127.0.0.1:${OIDC_PORT}`;

export const E2E_AUTH_SECRET = 'e2e-auth-secret-0123456789-abcdefghijklmnop';
export const E2E_ACCESS_CODE = 'correct horse battery staple';
/** The only address the sign-in proxy header is believed from (a loopback alias). */
export const PROXY_PEER = '127.0.0.2';
export const PROXY_HEADER = 'X-Forwarded-Email';
export const OIDC_BUTTON = 'Sign in with Test ID';

/** Its providers: the scenario backend's, plus one nobody listens for (errors name no address). */
const SECURE_PROVIDERS_FILE = `.runnel/providers-secure-${SECURE_APP_PORT}.json`;
export const DOWN_PROVIDER = {
  id: 'down',
  baseURL: 'http://127.0.0.1:59998/v1',
  model: 'down:gone',
};

/** Writes SECURE_PROVIDERS_FILE from the open app's (call after writeProvidersFile). */
export function writeSecureProvidersFile(): void {
  const providers = JSON.parse(readFileSync(APP_ENV.PROVIDERS_FILE!, 'utf8')) as unknown[];
  providers.push({
    id: DOWN_PROVIDER.id,
    label: 'Down',
    baseURL: DOWN_PROVIDER.baseURL,
    preset: 'vllm',
    models: ['gone'],
  });
  writeStackFile(SECURE_PROVIDERS_FILE, JSON.stringify(providers));
}

export const SECURE_APP_ENV: Record<string, string> = {
  ...APP_ENV,
  PROVIDERS_FILE: SECURE_PROVIDERS_FILE,
  PUBLIC_URL: SECURE_APP_URL,
  AUTH_SECRET: E2E_AUTH_SECRET,
  ACCESS_CODES: `team:${E2E_ACCESS_CODE}`,
  OIDC_ISSUER: OIDC_ISSUER_URL,
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_ALLOWED_EMAILS: OIDC_ALLOWED,
  OIDC_NAME: 'Test ID',
  SIGN_IN_HINT: 'Ask the test team for an access code.',
  AUTH_PROXY_HEADER: PROXY_HEADER,
  AUTH_PROXY_TRUSTED_IPS: PROXY_PEER,
  EMBED_ALLOWED_ORIGINS: HOST_URL,
  // Required with sign-in and the widget: what anonymous visitors may use.
  EMBED_MODELS: `vllm:reasoning,${DOWN_PROVIDER.model}`,
  // The limits stack's redis-server, in a database of its own: its widget visitors' counts and the
  // limits stack's (same keys, other limits) never meet.
  REDIS_URL: `${REDIS_URL}/1`,
};

/** Its output, checked after the suite for secrets (e2e/support/global-teardown.ts). */

/** Values that must never appear in the secure app's output. */
export const AUTH_SECRETS = [E2E_AUTH_SECRET, E2E_ACCESS_CODE, OIDC_CLIENT.secret];
