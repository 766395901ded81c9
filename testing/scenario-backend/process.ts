import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../stack/free-port';

export interface BackendProcess {
  url: string;
  process: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The scenario backend in a process of its own (`node --import tsx`, so the pid is the server's: a
 * benchmark can kill it for real), on a free loopback port unless one is given; resolves once it
 * listens. `onSpawn` sees the process at once, before it listens (for a caller that kills whatever
 * it started on its way out).
 */
export async function startBackendProcess(
  options: { port?: number; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<BackendProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'testing/scenario-backend/main.ts', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  options.onSpawn?.(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`scenario backend exited (${code})`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
