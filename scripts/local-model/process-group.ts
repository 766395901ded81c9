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

function signal(pid: number, group: boolean, name: NodeJS.Signals): void {
  try {
    process.kill(group ? -pid : pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * Starts `command` as the leader of a new process group (unless `group` is false: then it stays in
 * its parent's, for a supervisor that kills the parent's whole group, as Playwright does). A
 * terminal's Ctrl-C reaches only the foreground group, so the caller forwards it with `stop()`.
 */
export function spawnGroup(
  command: string,
  args: string[],
  options: SpawnOptions = {},
  group = true,
): GroupProcess {
  const child = spawn(command, args, { ...options, detached: group });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, name) => resolve(code ?? name ?? 0));
  });
  const pid = child.pid;
  return {
    child,
    exited,
    async stop(graceMs = 5_000) {
      if (pid === undefined) return;
      signal(pid, group, 'SIGTERM');
      const timer = setTimeout(() => signal(pid, group, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // The leader may exit before its own children: whatever is left of the group goes too.
      if (group) signal(pid, group, 'SIGKILL');
    },
  };
}
