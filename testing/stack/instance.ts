import { spawn } from 'node:child_process';
import { freePort } from './free-port';

export interface Instance {
  url: string;
  /** Stops it (SIGTERM to its process group) and waits for it to exit. */
  stop(): Promise<void>;
  /** Ends it as a crash would (SIGKILL: no drain, its connections simply drop). */
  kill(): Promise<void>;
}

/**
 * One more `next start` of the built app with `env`, on `port` (a free one unless given: a spec
 * that swaps one instance for another keeps the browser's origin). Needs `npm run build`.
 */
export async function startInstance(env: Record<string, string>, port?: number): Promise<Instance> {
  port ??= await freePort();
  const child = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
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
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, signal);
    } catch {
      // Already gone (killed a moment ago).
    }
    await exited;
    // npx exits on the signal; the server itself may still be draining: the port is free (and
    // another instance may take it) only once nothing answers there.
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      try {
        await fetch(`${url}/api/health`);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        return;
      }
    }
  };
  return { url, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
