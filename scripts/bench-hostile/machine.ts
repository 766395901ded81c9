/**
 * What the machine was doing while a phase ran (Linux /proc): the load average, how busy all
 * cores were, and how much CPU the server process itself used. On a shared machine these tell a
 * slow answer caused by the server from one caused by everything else that wanted the cores.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

function allCores(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const ticks = fields.map(Number);
  // idle and iowait are the 4th and 5th fields.
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_S;
}

/** The main thread's time on a core and waiting for one (ns): /proc's schedstat. */
function schedstat(pid: number): { onCpu: number; waiting: number } {
  const [onCpu, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')
    .split(' ')
    .map(Number);
  return { onCpu: onCpu!, waiting: waiting! };
}

/** Bytes the process has read so far, sockets included (/proc's io `rchar`). */
function bytesRead(pid: number): number {
  return Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
}

export interface MachineFigures {
  /** One-minute load average at the end. */
  load1: number;
  /** Cores in use on average over the phase (of `cores`). */
  coresBusy: number;
  cores: number;
  /** CPU time the server process used over the phase, ms. */
  serverCpuMs: number;
  /**
   * How long the server's main thread was ready to run but waited for a core, ms: time its event
   * loop was held by the machine, not by its own work.
   */
  serverWaitedForCoreMs: number;
  /** Bytes the server read (mostly request bodies), MiB. */
  serverReadMiB: number;
  wallMs: number;
}

/** Starts watching; `end()` gives the figures since. */
export function watchMachine(serverPid: number): { end(): MachineFigures } {
  const startCores = allCores();
  const startServer = processCpuMs(serverPid);
  const startSched = schedstat(serverPid);
  const startRead = bytesRead(serverPid);
  const started = performance.now();
  return {
    end() {
      const cores = allCores();
      const share = (cores.busy - startCores.busy) / Math.max(1, cores.total - startCores.total);
      return {
        load1: loadavg()[0]!,
        coresBusy: share * cpus().length,
        cores: cpus().length,
        serverCpuMs: processCpuMs(serverPid) - startServer,
        serverWaitedForCoreMs: (schedstat(serverPid).waiting - startSched.waiting) / 1e6,
        serverReadMiB: (bytesRead(serverPid) - startRead) / 1024 / 1024,
        wallMs: performance.now() - started,
      };
    },
  };
}
