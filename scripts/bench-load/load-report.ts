/**
 * The concurrent-streams measurement as `bench:load` prints it: for each stream count, `rounds`
 * runs per route (a fresh app process each, the routes alternating first), and one probing run per
 * route for live memory. Figures are the median over the rounds; errors are summed.
 */
import { loadPhase, type LoadFigures } from './load-phase';
import type { BackendProcess } from './processes';
import { mib, ms, ratio, table } from './stats';
import type { RouteKind } from './routes';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface RouteSummary {
  errors: number;
  p50: number;
  p99: number;
  max: number;
  idleRss: number;
  peakRss: number;
  peakRssRange: string;
  livePerStream: number;
}

function summarize(runs: LoadFigures[], probe: LoadFigures | undefined): RouteSummary {
  const peaks = runs.map((r) => r.peakRss);
  return {
    errors: runs.reduce((a, r) => a + r.errors, 0) + (probe?.errors ?? 0),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    max: median(runs.map((r) => r.max)),
    idleRss: median(runs.map((r) => r.idleRss)),
    peakRss: median(peaks),
    peakRssRange: `${mib(Math.min(...peaks))}–${mib(Math.max(...peaks))}`,
    livePerStream: probe ? (probe.liveGrowth ?? NaN) / probe.streams : NaN,
  };
}

export async function loadReport(
  streamCounts: number[],
  rounds: number,
  backend: BackendProcess,
  /** The extra run per route for live memory (`BENCH_LOAD_PROBE=0` skips it). */
  probe = true,
): Promise<void> {
  console.log(
    `\nConcurrent 10-second streams (100 tokens, 100 ms apart, opened over 2 s), ${rounds} rounds per route, medians:`,
  );
  const rows: (string | number)[][] = [
    [
      'streams',
      'route',
      'errors',
      'p50',
      'p99',
      'max',
      'idle RSS',
      'peak RSS',
      'range',
      'live/stream',
    ],
  ];
  const notes: string[] = [];
  for (const n of streamCounts) {
    const runs: Record<RouteKind, LoadFigures[]> = { pipe: [], runnel: [] };
    const all: LoadFigures[] = [];
    for (let round = 0; round < rounds; round++) {
      const order: RouteKind[] = round % 2 ? ['runnel', 'pipe'] : ['pipe', 'runnel'];
      for (const kind of order) runs[kind].push(await loadPhase(kind, n, backend));
    }
    const probes = probe
      ? {
          pipe: await loadPhase('pipe', n, backend, true),
          runnel: await loadPhase('runnel', n, backend, true),
        }
      : { pipe: undefined, runnel: undefined };
    const s = {
      pipe: summarize(runs.pipe, probes.pipe),
      runnel: summarize(runs.runnel, probes.runnel),
    };
    for (const kind of ['pipe', 'runnel'] as const) {
      const f = s[kind];
      rows.push([
        n,
        kind,
        f.errors,
        ms(f.p50),
        ms(f.p99),
        ms(f.max),
        mib(f.idleRss),
        mib(f.peakRss),
        f.peakRssRange,
        Number.isNaN(f.livePerStream) ? 'n/a' : `${(f.livePerStream / 1024).toFixed(1)} KiB`,
      ]);
      all.push(...runs[kind], ...(probes[kind] ? [probes[kind]] : []));
    }
    rows.push([
      n,
      'runnel/pipe',
      '',
      ratio(s.runnel.p50, s.pipe.p50),
      ratio(s.runnel.p99, s.pipe.p99),
      '',
      '',
      ratio(s.runnel.peakRss, s.pipe.peakRss),
      '',
      ratio(s.runnel.livePerStream, s.pipe.livePerStream),
    ]);
    // Peaks per round, the routes' ratio in each: the medians hide how much one round varies.
    const perRound = runs.pipe.map((pipe, i) => {
      const runnel = runs.runnel[i]!;
      return `${mib(pipe.peakRss)} / ${mib(runnel.peakRss)} (${ratio(runnel.peakRss, pipe.peakRss)})`;
    });
    notes.push(`peak RSS per round, ${n} streams (pipe / runnel): ${perRound.join('; ')}`);
    for (const f of all) {
      if (f.errors > 0) notes.push(`errors, ${n} ${f.kind}: ${JSON.stringify(f.errorKinds)}`);
      const kernel = Object.entries(f.kernel).filter(([name]) => name !== 'OutRsts');
      if (kernel.length) notes.push(`kernel, ${n} ${f.kind}: ${JSON.stringify(f.kernel)}`);
    }
  }
  table(rows);
  for (const note of notes) console.log(`  ${note}`);
}
