/** bench:render's streaming figures: medians of rounds, the table, and the targets against the floor. */
import { fmt, type TaskFigures } from './bench-render-lib';

/** What a row is for in the summary. */
export type Role = 'runnel' | 'baseline' | 'floor' | 'control';

export interface Result extends TaskFigures {
  name: string;
  role: Role;
  cpuThrottling: number;
  tokens: number;
  scriptingMs: number;
  wallMs: number;
  longTasksObserved: number;
  streamTokensPerSecond: number;
}

/** Each figure's median over the rounds (the middle one; the lower middle of an even count). */
export function medians(rounds: Result[]): Result {
  const median = (pick: (r: Result) => number) => {
    const sorted = rounds.map(pick).sort((x, y) => x - y);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  // When the long tasks were: those of the round with the median count of them.
  const middle = [...rounds].sort((x, y) => x.tasksOver50 - y.tasksOver50)[
    Math.floor((rounds.length - 1) / 2)
  ]!;
  return {
    ...middle,
    longestTaskMs: median((r) => r.longestTaskMs),
    longestTaskCpuMs: median((r) => r.longestTaskCpuMs),
    tasksOver50: median((r) => r.tasksOver50),
    totalTaskMs: median((r) => r.totalTaskMs),
    longestAfterEndMs: median((r) => r.longestAfterEndMs),
    tasksOver50AfterEnd: median((r) => r.tasksOver50AfterEnd),
    scriptingMs: median((r) => r.scriptingMs),
    wallMs: median((r) => r.wallMs),
    longTasksObserved: median((r) => r.longTasksObserved),
    streamTokensPerSecond: median((r) => r.streamTokensPerSecond),
  };
}

/** Main-thread time per 1,000 tokens streamed. */
export const busyPerThousand = (r: Result) => (r.totalTaskMs / r.tokens) * 1000;

/** One row per variant. */
export function printTable(results: Result[]): void {
  const rows = [
    [
      '',
      'longest task',
      'tasks > 50 ms',
      'after the end: longest',
      'main thread busy',
      'per 1,000 tokens',
      'scripting',
      'wall time',
      'stream',
    ],
    ...results.map((r) => [
      `${r.name} (${r.cpuThrottling}×)`,
      `${fmt(r.longestTaskMs)} ms`,
      `${r.tasksOver50} (longtask API: ${r.longTasksObserved})`,
      `${fmt(r.longestAfterEndMs)} ms (${r.tasksOver50AfterEnd} > 50 ms)`,
      `${fmt(r.totalTaskMs)} ms`,
      `${fmt(busyPerThousand(r))} ms`,
      `${fmt(r.scriptingMs)} ms`,
      `${fmt(r.wallMs / 1000, 1)} s`,
      `${fmt(r.streamTokensPerSecond)} tok/s`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** When a row's long tasks started, in seconds from the send, and when its answer ended. */
const when = (r: Result) =>
  r.longTasksAtS.length === 0
    ? ''
    : ` at ${r.longTasksAtS.map((s) => fmt(s, 1)).join(', ')} s` +
      (r.endAtS !== undefined ? ` (the end at ${fmt(r.endAtS, 1)} s)` : '');

/**
 * The most CPU time one task took: a task's wall time also holds the time its thread waited for a
 * core, which on a two-core machine under CPU throttling (whose emulation keeps the page's main
 * thread spinning) can be most of it (docs/performance.md).
 */
const onCpu = (r: Result) => `the most on the CPU in one task ${fmt(r.longestTaskCpuMs)} ms`;

/** A line per throttling: Runnel against the plain-text page that shows every frame. */
export function streamTargets(results: Result[]): { line: string; met: boolean }[] {
  const lines: { line: string; met: boolean }[] = [];
  for (const r of results.filter((x) => x.role === 'runnel')) {
    const plain = results.find(
      (x) =>
        x.role === 'floor' && x.cpuThrottling === r.cpuThrottling && /every frame/.test(x.name),
    );
    if (!plain) continue;
    const side = `Runnel ${r.tasksOver50} tasks > 50 ms, longest ${fmt(r.longestTaskMs)} ms (at ${fmt(r.longestAtS, 1)} s${r.endAtS !== undefined ? ` of ${fmt(r.endAtS, 1)}` : ''}; after the end ${fmt(r.longestAfterEndMs)} ms; ${onCpu(r)})${when(r)}; plain-text page ${plain.tasksOver50}, longest ${fmt(plain.longestTaskMs)} ms (at ${fmt(plain.longestAtS, 1)} s; ${onCpu(plain)})${when(plain)}`;
    if (r.cpuThrottling === 1) {
      const met = r.tasksOver50 === 0;
      lines.push({
        line: `16,000-token answer at 1×, no task > 50 ms: ${verdict(met)} — ${side}`,
        met,
      });
    } else {
      const fewer = r.tasksOver50 <= plain.tasksOver50;
      const shorter = r.longestTaskMs <= 1.5 * plain.longestTaskMs;
      lines.push({
        line: `at ${r.cpuThrottling}×, long tasks ≤ the plain page's: ${verdict(fewer)}; longest ≤ 1.5× its longest (${fmt(1.5 * plain.longestTaskMs)} ms): ${verdict(shorter)} — ${side}`,
        met: fewer && shorter,
      });
    }
  }
  return lines;
}

/** The react-markdown baseline against Runnel, when it ran. */
export function printBaseline(results: Result[]): void {
  for (const b of results.filter((x) => x.role === 'baseline')) {
    const r = results.find((x) => x.role === 'runnel' && x.cpuThrottling === b.cpuThrottling);
    if (!r) continue;
    console.log(
      `baseline / Runnel at ${b.cpuThrottling}×: scripting ${fmt(b.scriptingMs / Math.max(1, r.scriptingMs), 1)}×, main thread busy ${fmt(b.totalTaskMs / Math.max(1, r.totalTaskMs), 1)}×`,
    );
  }
  for (const c of results.filter((x) => x.role === 'control')) {
    console.log(
      `control at ${c.cpuThrottling}×: a page that receives the same stream and shows nothing had ${c.tasksOver50} tasks > 50 ms (longest ${fmt(c.longestTaskMs)} ms; ${onCpu(c)}), busy ${fmt(c.totalTaskMs)} ms` +
        (c.tasksOver50 > 0 ? ' — tasks this long happen here without any rendering' : ''),
    );
  }
}
