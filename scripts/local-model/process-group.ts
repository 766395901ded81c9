/**
 * Child processes in a group of their own, stopped as a group: `npx next dev` and the engine each
 * start processes of their own, and Ctrl-C must leave none of them behind.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface GroupProcess {
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the leader has exited. */
  exited: Promise<number | string>;
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves when the leader is gone. */
  stop(graceMs?: number): Promise<void>;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Starts `command` as the leader of a new process group. A terminal's Ctrl-C reaches only the
 * foreground group, so the caller forwards it with `stop()`.
 */
export function spawnGroup(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): GroupProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 0));
  });
  const pid = child.pid;
  return {
    child,
    exited,
    async stop(graceMs = 5_000) {
      if (pid === undefined) return;
      signalGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // The leader may exit before its own children: whatever is left of the group goes too.
      signalGroup(pid, 'SIGKILL');
    },
  };
}
