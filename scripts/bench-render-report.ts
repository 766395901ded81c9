/** bench:render's figures: the medians of its rounds, the table and the summary against the targets. */
import { fmt, type TaskFigures } from './bench-render-lib';

/** What a row is for in the summary. */
export type Role = 'runnel' | 'baseline' | 'floor' | 'control';

export interface Result extends TaskFigures {
  name: string;
  role: Role;
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
  return {
    name: rounds[0]!.name,
    role: rounds[0]!.role,
    longestTaskMs: median((r) => r.longestTaskMs),
    tasksOver50: median((r) => r.tasksOver50),
    totalTaskMs: median((r) => r.totalTaskMs),
    scriptingMs: median((r) => r.scriptingMs),
    wallMs: median((r) => r.wallMs),
    longTasksObserved: median((r) => r.longTasksObserved),
    streamTokensPerSecond: median((r) => r.streamTokensPerSecond),
  };
}

/** One row per variant: the figures the summary compares. */
export function printTable(results: Result[]): void {
  const rows = [
    ['', 'longest task', 'tasks > 50 ms', 'scripting', 'main thread busy', 'wall time', 'stream'],
    ...results.map((r) => [
      r.name,
      `${fmt(r.longestTaskMs)} ms`,
      `${r.tasksOver50} (longtask API: ${r.longTasksObserved})`,
      `${fmt(r.scriptingMs)} ms`,
      `${fmt(r.totalTaskMs)} ms`,
      `${fmt(r.wallMs / 1000, 1)} s`,
      `${fmt(r.streamTokensPerSecond)} tok/s`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

function byRole(results: Result[], role: Role): Result[] {
  return results.filter((r) => r.role === role);
}

/** Baseline ÷ Runnel, for scripting and for main-thread busy time. */
function ratios(results: Result[]): { scripting: number; busy: number } {
  const [runnel] = byRole(results, 'runnel');
  const [baseline] = byRole(results, 'baseline');
  return {
    scripting: baseline!.scriptingMs / Math.max(1, runnel!.scriptingMs),
    busy: baseline!.totalTaskMs / Math.max(1, runnel!.totalTaskMs),
  };
}

/** Baseline against Runnel, the targets, and what the floor and the control say of the machine. */
export function printSummary(results: Result[], rounds: Result[][]): void {
  const [a] = byRole(results, 'runnel');
  const [b] = byRole(results, 'baseline');
  if (!a || !b) return;
  const { scripting, busy } = ratios(results);
  const perRound = rounds.map((round) => ratios(round));
  console.log(
    `\nbaseline / Runnel (medians): scripting ${fmt(scripting, 1)}×, main thread busy ${fmt(busy, 1)}×` +
      (rounds.length > 1
        ? ` — per round: scripting ${perRound.map((r) => `${fmt(r.scripting, 1)}×`).join(', ')}; busy ${perRound.map((r) => `${fmt(r.busy, 1)}×`).join(', ')}`
        : ''),
  );
  console.log(
    `targets: Runnel no task > 50 ms → ${a.tasksOver50 === 0 ? 'met' : 'NOT met'}; ` +
      `≥ 5× less main-thread time → scripting ${scripting >= 5 ? 'met' : 'NOT met'}, busy ${busy >= 5 ? 'met' : 'NOT met'}`,
  );
  const floors = byRole(results, 'floor');
  if (floors.length) {
    const fewest = Math.min(...floors.map((f) => f.tasksOver50));
    const leastBusy = Math.min(...floors.map((f) => f.totalTaskMs));
    console.log(
      `floor: plain text alone has at least ${fewest} tasks > 50 ms and keeps the main thread busy at least ${fmt(leastBusy)} ms` +
        (fewest > 0
          ? ' — without Markdown or a framework, this machine already has long tasks for this stream at this throttling'
          : '') +
        (b.totalTaskMs / 5 < leastBusy
          ? `; 5× under the baseline's busy time (${fmt(b.totalTaskMs / 5)} ms) is below the floor`
          : ''),
    );
  }
  const [control] = byRole(results, 'control');
  if (control) {
    console.log(
      `control: a page that receives the same stream and shows nothing had ${control.tasksOver50} tasks > 50 ms (longest ${fmt(control.longestTaskMs)} ms) and kept the main thread busy ${fmt(control.totalTaskMs)} ms` +
        (control.tasksOver50 > 0 ? ' — tasks this long happen here without any rendering' : ''),
    );
  }
}
