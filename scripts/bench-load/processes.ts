/** The processes `npm run bench:load` measures: a scenario backend and the standalone app. */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackendProcess, type BackendProcess } from '../../testing/scenario-backend/process';
import { startStandalone, type StandaloneApp } from '../../testing/stack/standalone';

/** Every process this benchmark started, killed however the benchmark ends. */
const children = new Set<ChildProcess>();
function own(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

export type { BackendProcess };

/** The scenario backend in a process of its own, on a free loopback port, owned by this benchmark. */
export function startBackend(port?: number): Promise<BackendProcess> {
  return startBackendProcess({ ...(port !== undefined ? { port } : {}), onSpawn: own });
}

/**
 * The app as deployed (`node .next/standalone/server.js`, one process) against `backend`, with
 * production timeouts, the raw pipe route and the memory probe enabled.
 */
export async function startApp(backend: BackendProcess): Promise<StandaloneApp> {
  const dir = mkdtempSync(join(tmpdir(), 'runnel-bench-load-'));
  const providersFile = join(dir, 'providers.json');
  const provider = { id: 'vllm', label: 'bench', baseURL: `${backend.url}/v1`, preset: 'vllm' };
  writeFileSync(providersFile, JSON.stringify([provider]));
  const app = await startStandalone(
    { PROVIDERS_FILE: providersFile, BENCH_RAW_PIPE: '1', NEXT_TELEMETRY_DISABLED: '1' },
    undefined,
    // For the memory probe (memory.ts): live memory after a forced collection. BENCH_LOAD_NODE_ARGS
    // adds Node options for a diagnostic run (e.g. `--max-semi-space-size=4`).
    ['--expose-gc', ...(process.env.BENCH_LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean)],
  );
  own(app.process);
  return app;
}

/** Resident memory of a process now (Linux /proc), in bytes. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Samples a process's RSS every 50 ms until stopped; returns the peak. */
export function sampleRss(pid: number) {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // The process exited.
    }
  }, 50);
  return {
    stop(): number {
      clearInterval(timer);
      return peak;
    },
  };
}
