import { existsSync, readFileSync } from 'node:fs';
import { APP_LOG } from '../../testing/stack/app-env';
import { AUTH_SECRETS, SECURE_APP_LOG } from '../../testing/stack/auth-stack';
import { E2E_VLLM_KEY } from '../../testing/stack/ports';

/**
 * After the whole suite — key-echoing backends included — the app's own output (every log line it
 * wrote) must not contain a key.
 */
export default function globalTeardown(): void {
  if (existsSync(SECURE_APP_LOG)) {
    const log = readFileSync(SECURE_APP_LOG, 'utf8');
    for (const secret of [E2E_VLLM_KEY, ...AUTH_SECRETS]) {
      if (log.includes(secret)) throw new Error(`the app logged a secret (${SECURE_APP_LOG})`);
    }
  }
  if (!existsSync(APP_LOG)) return;
  const log = readFileSync(APP_LOG, 'utf8');
  for (const secret of [E2E_VLLM_KEY, 'ark-e2e-key-9876543210']) {
    if (log.includes(secret)) throw new Error(`the app logged a secret (${APP_LOG})`);
  }
  const lines = log.split('\n').filter((l) => l.includes('"event":"chat"')).length;
  console.log(`[secrets] ${lines} request log lines checked: no key in the app's output`);
}
