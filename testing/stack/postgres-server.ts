import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface PostgresServer {
  port: number;
  /** `postgres://runnel@127.0.0.1:<port>/postgres`: trust authentication, loopback only. */
  url: string;
  /** Stops the server (fast shutdown), waits for it, and removes its data directory. */
  stop(): Promise<void>;
}

/** Debian's PostgreSQL binaries (`apt-get install postgresql`); `POSTGRES_BIN` overrides. */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` account. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A real PostgreSQL server for tests and benchmarks: a new cluster in a temporary directory
 * (`initdb`), on a free port (or `fixedPort`), durability off (the data is thrown away), stopped and removed by
 * `stop`.
 */
export async function startPostgresServer(fixedPort?: number): Promise<PostgresServer> {
  // On a fixed port (the test stack's), a fixed folder, emptied first: a run whose runner killed
  // this process outright leaves one cluster behind, never one per run.
  const fixedDir = fixedPort ? path.join(tmpdir(), `runnel-pg-port-${fixedPort}`) : undefined;
  if (fixedDir) {
    rmSync(fixedDir, { recursive: true, force: true });
    mkdirSync(fixedDir);
  }
  const dir = fixedDir ?? mkdtempSync(path.join(tmpdir(), 'runnel-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const [initdb, initArgs] = asServerUser(path.join(BIN, 'initdb'), [
    '-D',
    dir,
    '-U',
    'runnel',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const port = fixedPort ?? (await freePort());
  const [postgres, args] = asServerUser(path.join(BIN, 'postgres'), [
    '-D',
    dir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  const child = spawn(postgres, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://runnel@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  while (!(await accepts(url))) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`postgres did not accept connections on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url,
    async stop() {
      // The server's own pid (runuser does not pass signals on); SIGQUIT: immediate shutdown.
      if (child.exitCode === null) {
        const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGQUIT');
      }
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
