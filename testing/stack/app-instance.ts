import { spawn, type ChildProcess } from 'node:child_process';
import { APP_ENV } from './app-env';
import { freePort } from './stack';

/** One `next start` of the built app on a free port. */
export interface AppInstance {
  url: string;
  port: number;
  /** Ends it as a crash would (`SIGKILL`: no drain, connections simply drop). */
  kill(): Promise<void>;
  /** Ends it politely (`SIGTERM`). */
  stop(): Promise<void>;
}

/**
 * Starts the built app (`next start`, never `next dev`) on a free port with the test environment
 * plus `env`, against the suite's scenario backend; resolves once it answers. Needs `npm run build`.
 */
export async function startAppInstance(env: Record<string, string> = {}): Promise<AppInstance> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'npx',
    ['next', 'start', '-H', '127.0.0.1', '-p', String(port)],
    {
      env: { ...process.env, ...APP_ENV, ...env },
      stdio: 'ignore',
      // Its own process group, so the `npx` wrapper and the server end together.
      detached: true,
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error('the app did not start (did you run `npm run build`?)');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, signal);
    await exited;
  };
  return { url, port, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
