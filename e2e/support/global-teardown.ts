import { existsSync, readFileSync } from 'node:fs';
import { APP_LOGS } from '../../testing/stack/app-env';
import { E2E_KEYS } from '../../testing/stack/keys';

/**
 * After the whole suite — key-echoing backends included — the apps' own output (every log line
 * they wrote) must not contain a key. A log that is missing fails too: the scan would otherwise
 * pass having read nothing (an app started by hand, or logging somewhere else).
 */
export default function globalTeardown(): void {
  for (const [name, path] of Object.entries(APP_LOGS)) {
    if (!existsSync(path)) {
      throw new Error(
        `[secrets] the ${name} app's log ${path} is missing, so nothing was checked for keys ` +
          '(stop any app you started yourself and let Playwright start it)',
      );
    }
    const log = readFileSync(path, 'utf8');
    for (const [provider, key] of Object.entries(E2E_KEYS)) {
      if (log.includes(key))
        throw new Error(`[secrets] the ${name} app logged the ${provider} key (${path})`);
    }
    const lines = log.split('\n').filter((l) => l.includes('"event":"chat"')).length;
    console.log(`[secrets] ${path}: ${lines} request log lines, no key`);
  }
}
