import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './free-port';

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts Debian's `redis-server` on `port` (a free one by default) with nothing persisted, for
 * tests and benchmarks; `apt-get install redis-server` provides it (`.ci/run` does).
 */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(
    process.env.REDIS_SERVER_PATH ?? 'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failed: Error | undefined;
  child.once('error', (error) => (failed = error));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(chosen))) {
    if (failed)
      throw new Error(
        `redis-server could not start (${failed.message}); apt-get install redis-server`,
      );
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${chosen}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
