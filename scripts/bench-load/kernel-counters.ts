/**
 * The kernel's TCP counters around a measurement (Linux `/proc/net/netstat` and `/proc/net/snmp`,
 * for this network namespace, so other processes' traffic counts too): whether connections were
 * refused at the listening socket's accept queue, and how many resets were sent.
 */
import { readFileSync } from 'node:fs';

const WATCHED = {
  TcpExt: ['ListenOverflows', 'ListenDrops', 'SyncookiesSent', 'SyncookiesFailed'],
  Tcp: ['EstabResets', 'OutRsts'],
} as const;

function read(file: string): Map<string, number> {
  const counters = new Map<string, number>();
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const names = lines[i]!.split(/\s+/);
    const values = lines[i + 1]!.split(/\s+/);
    const group = names[0]!.replace(':', '');
    names.slice(1).forEach((name, j) => counters.set(`${group}.${name}`, Number(values[j + 1])));
  }
  return counters;
}

function snapshot(): Map<string, number> {
  try {
    return new Map([...read('/proc/net/netstat'), ...read('/proc/net/snmp')]);
  } catch {
    return new Map(); // Not Linux: nothing to report.
  }
}

/** Starts counting; `stop()` gives the watched counters that moved, by name. */
export function countKernelEvents() {
  const before = snapshot();
  return {
    stop(): Record<string, number> {
      const after = snapshot();
      const moved: Record<string, number> = {};
      for (const [group, names] of Object.entries(WATCHED)) {
        for (const name of names) {
          const key = `${group}.${name}`;
          const delta = (after.get(key) ?? 0) - (before.get(key) ?? 0);
          if (delta) moved[name] = delta;
        }
      }
      return moved;
    },
  };
}
