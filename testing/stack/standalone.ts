import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort } from './free-port';

/** The standalone server's directory (`output: 'standalone'`), after `npm run build`. */
const STANDALONE_DIR = '.next/standalone';

/** The preload that gives the server's socket a longer accept queue (`deploy/listen-backlog.cjs`). */
const LISTEN_BACKLOG_PRELOAD = 'listen-backlog.cjs';

/**
 * Copies `from` to `to` unless `to` already has it (same size and modification time), by a rename
 * into place: a standalone server started by another worker may be serving `to` meanwhile, and a
 * file overwritten in place is missing or short while it is written (a page once got a 404 for one
 * of its chunks that way, and never loaded its models).
 */
function copyInPlace(from: string, to: string): void {
  const source = statSync(from);
  if (source.isDirectory()) {
    for (const name of readdirSync(from)) copyInPlace(join(from, name), join(to, name));
    return;
  }
  const target = statSync(to, { throwIfNoEntry: false });
  if (target?.size === source.size && Math.abs(target.mtimeMs - source.mtimeMs) < 1) return;
  mkdirSync(dirname(to), { recursive: true });
  const temporary = `${to}.${process.pid}.${crypto.randomUUID()}.tmp`;
  copyFileSync(from, temporary);
  utimesSync(temporary, source.atime, source.mtime);
  renameSync(temporary, to);
}

/**
 * Copies what `next build` leaves out of the standalone folder — the browser assets
 * (`.next/static`) and `public/` — as the Next.js docs tell deployments to, and the listen-backlog
 * preload (the Dockerfile does the same).
 */
function prepareStandalone(): void {
  if (!existsSync(`${STANDALONE_DIR}/server.js`)) {
    throw new Error('no standalone build: run `npm run build` first');
  }
  copyInPlace('.next/static', `${STANDALONE_DIR}/.next/static`);
  copyInPlace('public', `${STANDALONE_DIR}/public`);
  copyInPlace(`deploy/${LISTEN_BACKLOG_PRELOAD}`, `${STANDALONE_DIR}/${LISTEN_BACKLOG_PRELOAD}`);
}

export interface StandaloneApp {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it exited. */
  exited: Promise<number | string>;
  /** Stops it (SIGKILL) if it still runs. */
  kill(): void;
}

/**
 * Starts `node --require ./listen-backlog.cjs .next/standalone/server.js` on a free loopback port with `env`, and waits until
 * `/api/health` answers. One process: its pid is the server's (signals and RSS are its own).
 */
export async function startStandalone(
  env: Record<string, string>,
  /** A port to reuse (a restarted server where the page's origin was); free one by default. */
  port?: number,
  /** Node options before the script (`--expose-gc` for the load benchmark's memory probe). */
  nodeArgs: readonly string[] = [],
): Promise<StandaloneApp> {
  prepareStandalone();
  port ??= await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--require', `./${LISTEN_BACKLOG_PRELOAD}`, 'server.js'],
    {
      cwd: STANDALONE_DIR,
      env: { ...process.env, ...env, PORT: String(port), HOSTNAME: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the standalone server exited:\n${output}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the standalone server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
