/**
 * The README's main command (`npm run dev`, i.e. `tsx scripts/dev.ts`) as a person runs it: in a
 * process group of its own, as a terminal's foreground job, so a test can press "Ctrl-C"
 * (SIGINT to the group) and then look for anything it left running.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { ModelsResponse } from '../../lib/protocol/api-shapes';
import { freePort } from '../../testing/stack/free-port';

/** Variables that would choose a backend or a model: a person's shell has none of them. */
const BACKEND_VARIABLES = ['OPENAI_BASE_URL', 'OPENAI_BASE_URLS', 'PROVIDERS_FILE', 'LOCAL_MODEL'];

export async function startMainCommand(env: Record<string, string>) {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of BACKEND_VARIABLES) delete childEnv[name];
  Object.assign(childEnv, env, { PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' });
  const child = spawn('npx', ['tsx', 'scripts/dev.ts'], {
    detached: true,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid!,
    url,
    output: () => output,
    exited,
    /** Waits until the app answers `/api/models` (the first request compiles the route). */
    async waitModels(timeoutMs = 180_000): Promise<ModelsResponse> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the main command exited:\n${output}`);
        try {
          const response = await fetch(`${url}/api/models`);
          if (response.ok) return (await response.json()) as ModelsResponse;
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline)
          throw new Error(`no /api/models within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    /** Waits until the chat page itself has compiled (`next dev` builds it on first request). */
    async waitPage(timeoutMs = 180_000): Promise<void> {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`the chat page answered ${response.status}`);
      await response.text();
    },
    /** The last resort after a failed test: the command and everything it started. */
    kill() {
      for (const p of [...descendantsOf(child.pid!), { pid: child.pid! }]) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    },
  };
}

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  command: string;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      out.push({ pid: Number(entry), state: after[0]!, ppid: Number(after[1]), command });
    } catch {
      // Exited while being read.
    }
  }
  return out;
}

/** Every process started by `pid`, however deep, whichever process group it is in. */
export function descendantsOf(pid: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  let parents = new Set([pid]);
  while (parents.size) {
    const children = all.filter((p) => parents.has(p.ppid));
    found.push(...children);
    parents = new Set(children.map((p) => p.pid));
  }
  return found;
}

/** Those of `list` still running (a zombie waiting for its parent counts as gone). */
export function aliveOf(list: Proc[]): string[] {
  const now = new Map(processes().map((p) => [p.pid, p]));
  return list
    .filter((p) => {
      const current = now.get(p.pid);
      return current && current.state !== 'Z' && current.command === p.command;
    })
    .map((p) => `${p.pid} ${p.command}`);
}
