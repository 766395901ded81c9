import { existsSync, readFileSync } from 'node:fs';
import { appLog } from '../../testing/stack/app-env';
import { AUTH_SECRETS, SECURE_APP_PORT } from '../../testing/stack/auth-stack';
import { E2E_KEYS } from '../../testing/stack/keys';
import { LIMITS_A_PORT, LIMITS_B_PORT } from '../../testing/stack/limits-stack';
import { APP_PORT, DOWN_APP_PORT } from '../../testing/stack/ports';

/**
 * After the whole suite — key-echoing backends included — every app's own output (each log line
 * it wrote) must not contain a key or a sign-in secret. A log that is missing fails too: the scan
 * would otherwise pass having read nothing (an app started by hand, or logging somewhere else).
 */
export default function globalTeardown(): void {
  const apps = {
    app: APP_PORT,
    down: DOWN_APP_PORT,
    'limits A': LIMITS_A_PORT,
    'limits B': LIMITS_B_PORT,
    secure: SECURE_APP_PORT,
  };
  const secrets: Record<string, string> = { ...E2E_KEYS };
  AUTH_SECRETS.forEach((secret, i) => (secrets[`sign-in secret ${i + 1}`] = secret));
  for (const [name, port] of Object.entries(apps)) {
    const path = appLog(port);
    if (!existsSync(path)) {
      throw new Error(
        `[secrets] the ${name} app's log ${path} is missing, so nothing was checked for keys ` +
          '(stop any app you started yourself and let Playwright start it)',
      );
    }
    const log = readFileSync(path, 'utf8');
    for (const [what, secret] of Object.entries(secrets)) {
      if (log.includes(secret))
        throw new Error(`[secrets] the ${name} app logged the ${what} (${path})`);
    }
    const lines = log.split('\n').filter((l) => l.includes('"event":"chat"')).length;
    console.log(`[secrets] ${path}: ${lines} request log lines, no secret`);
  }
}
