import { resolve } from 'node:path';
import { APP_ENV } from '../../testing/stack/app-env';
import { SCENARIO_URL } from '../../testing/stack/ports';
import { writeProvidersFile } from '../../testing/stack/providers-file';
import { startStandalone, type StandaloneApp } from '../../testing/stack/standalone';

/**
 * A standalone server (`node .next/standalone/server.js`) of its own, against the suite's scenario
 * backend, with the usual test environment plus `env`. Its working directory is the standalone
 * folder, so the providers file is passed by absolute path.
 */
export function startOpsApp(
  env: Record<string, string> = {},
  port?: number,
): Promise<StandaloneApp> {
  const providersFile = resolve(writeProvidersFile(SCENARIO_URL));
  return startStandalone({ ...APP_ENV, PROVIDERS_FILE: providersFile, ...env }, port);
}

/** The app's JSON log lines (pino), parsed; other output (Next's banner) is skipped. */
export function logLines(app: StandaloneApp): Record<string, unknown>[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
