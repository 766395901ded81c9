import { spawn } from 'node:child_process';
import { APP_ENV } from './app-env';
import { freePort } from './stack';

/** A `next start` of the built app, on a free port, with its own environment. */
export interface AppProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built app (`npm run build` first) with the test environment plus `env`, for specs
 * that need a configuration of their own (many models, suggested prompts) next to the shared one.
 */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const app = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...APP_ENV, ...env },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).status < 600) break;
    } catch {
      if (Date.now() > deadline) {
        if (app.pid) process.kill(-app.pid, 'SIGTERM');
        throw new Error('the app did not start (did you run `npm run build`?)');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    async stop() {
      if (!app.pid) return;
      const exited = new Promise((resolve) => app.once('exit', resolve));
      process.kill(-app.pid, 'SIGTERM');
      await exited;
    },
  };
}
