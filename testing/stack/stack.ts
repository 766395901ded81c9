import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScenarioBackend, type ScenarioBackend } from '../scenario-backend/server';
import { APP_ENV } from './app-env';
import { writeProvidersFile } from './providers-file';
import { freePort } from './free-port';

interface Stack {
  backend: ScenarioBackend;
  appURL: string;
  stop(): Promise<void>;
}

/**
 * Starts a scenario backend and the built app (`next start`, never `next dev`) on free ports, for
 * benchmarks that run outside Playwright. Needs `npm run build` first.
 */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  const backend = await startScenarioBackend({ port: 0 });
  const providersFile = writeProvidersFile(
    backend.url,
    mkdtempSync(join(tmpdir(), 'runnel-stack-')),
  );
  const port = await freePort();
  const app: ChildProcess = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...APP_ENV, PROVIDERS_FILE: providersFile, ...extraEnv },
    stdio: 'ignore',
    detached: true,
  });
  const appURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${appURL}/api/health`)).status < 600) break;
    } catch {
      if (Date.now() > deadline)
        throw new Error('the app did not start (did you run `npm run build`?)');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    backend,
    appURL,
    async stop() {
      if (app.pid) process.kill(-app.pid, 'SIGTERM');
      await backend.close();
    },
  };
}
