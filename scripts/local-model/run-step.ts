/**
 * One setup step: a command whose output goes to the setup log, with a line of progress for the
 * person waiting (a percentage when the command prints one, as CMake's build does).
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

export class SetupError extends Error {}

export interface StepOptions {
  /** The setup log every step appends to. */
  logFile: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Reads a completion percentage out of an output line (CMake's `[ 42%]`). */
  percent?: (line: string) => number | null;
  /** Where progress lines go (stdout by default). */
  say?: (line: string) => void;
}

const defaultSay = (line: string) => console.log(line);

/** CMake's build lines start with the share of targets done: `[ 42%] Building CXX object …`. */
export function cmakePercent(line: string): number | null {
  const match = /^\[\s*(\d{1,3})%\]/.exec(line);
  return match ? Number(match[1]) : null;
}

export function runStep(
  title: string,
  command: string,
  args: string[],
  options: StepOptions,
): Promise<void> {
  const say = options.say ?? defaultSay;
  const started = Date.now();
  say(`local model: ${title}…`);
  appendFileSync(options.logFile, `\n$ ${command} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let shown = -1;
    let tail: string[] = [];
    const onData = (chunk: Buffer) => {
      appendFileSync(options.logFile, chunk);
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) tail = [...tail.slice(-19), line];
        const percent = options.percent?.(line);
        // Every tenth is enough for a log; a terminal would not show more in a build's minutes.
        if (percent != null && Math.floor(percent / 10) > Math.floor(shown / 10)) {
          shown = percent;
          say(`local model:   ${title}: ${percent}%`);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => reject(new SetupError(`${title}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) {
        say(`local model: ${title} — done in ${Math.round((Date.now() - started) / 1000)} s`);
        resolve();
        return;
      }
      const how = signal ? `was stopped (${signal})` : `failed (exit ${code})`;
      reject(
        new SetupError(
          `${title} ${how}; the whole output is in ${options.logFile}. Last lines:\n` +
            tail.map((l) => `  ${l}`).join('\n'),
        ),
      );
    });
  });
}
