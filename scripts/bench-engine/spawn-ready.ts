import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts one of the benchmark's TypeScript servers (`tsx FILE ...args`) as its own process and
 * resolves once it printed its first line (that it listens); rejects if it exits first. The caller kills it.
 */
export async function spawnReady(file: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
    child.stdout!.once('data', () => resolve());
  });
  // Whatever it prints later is read and dropped, so that a full pipe never stalls it.
  child.stdout!.resume();
  return child;
}
