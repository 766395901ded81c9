/**
 * `BENCH_PROFILE=1 npm run bench:render` (or `=events`): where Runnel's long tasks go. The trace then also holds
 * V8's CPU samples; for every main-thread task over 50 ms this prints what the browser did in it
 * (script, style, layout, paint, garbage collection: its trace events one level down) and the
 * functions that held the CPU longest (self time of the samples taken inside long tasks), with
 * their script and position so that a minified name can be found in the build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { busiestRendererMain, fmt, type TraceEvent as LibTraceEvent } from './bench-render-lib';

type TraceEvent = LibTraceEvent<{
  name?: string;
  data?: {
    startTime?: number;
    cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    timeDeltas?: number[];
  };
}> & { id?: string };

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

/**
 * `BENCH_PROFILE=1`: the trace's events and V8's CPU samples; `BENCH_PROFILE=events`: the events
 * alone — the sampler itself costs the page (a task of 150–400 ms when it starts, more at 4×), so
 * the figures of a profiled run are not the page's.
 */
export const PROFILING = ['1', 'events'].includes(process.env.BENCH_PROFILE ?? '');

/**
 * `BENCH_PROFILE_ROWS=all`: every streaming row is profiled and its trace written (the plain-text
 * page and the control too), to compare their frames with Runnel's (`bench-render-frames.ts`).
 */
export const PROFILE_EVERY_ROW = process.env.BENCH_PROFILE_ROWS === 'all';

/**
 * The trace categories profiling adds; `BENCH_EXTRA_CATEGORIES` (comma-separated) adds more, e.g.
 * `blink,cc,benchmark` to see inside the browser's phases (anchoring, shaping, layerising), at a
 * cost to the figures.
 */
export const PROFILE_CATEGORIES = [
  'devtools.timeline',
  'v8',
  ...(process.env.BENCH_EXTRA_CATEGORIES ?? '').split(',').filter(Boolean),
  ...(process.env.BENCH_PROFILE === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

const LONG_MS = 50;

/** Sample times (trace µs) and the function each hit, for every profile in the trace. */
function samples(events: TraceEvent[], thread: string): { ts: number; frame: string }[] {
  const starts = new Map<string, number>();
  for (const e of events) {
    if (
      e.name === 'Profile' &&
      e.id &&
      `${e.pid}:${e.tid}` === thread &&
      e.args?.data?.startTime !== undefined
    )
      starts.set(`${e.pid}:${e.id}`, e.args.data.startTime);
  }
  const frames = new Map<string, Map<number, string>>();
  const clock = new Map<string, number>();
  const out: { ts: number; frame: string }[] = [];
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const key = `${e.pid}:${e.id}`;
    if (!starts.has(key)) continue;
    const nodes = frames.get(key) ?? new Map<number, string>();
    frames.set(key, nodes);
    for (const n of e.args?.data?.cpuProfile?.nodes ?? []) {
      const f = n.callFrame;
      const file = f.url?.split('/').pop() || '(native)';
      nodes.set(
        n.id,
        `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`,
      );
    }
    let t = clock.get(key) ?? starts.get(key) ?? 0;
    const ids = e.args?.data?.cpuProfile?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      t += deltas[i] ?? 0;
      out.push({ ts: t, frame: nodes.get(id) ?? `node ${id}` });
    });
    clock.set(key, t);
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** Prints the breakdown of the long tasks of the busiest renderer main thread in `trace`. */
export function printLongTaskProfile(label: string, trace: Buffer): void {
  mkdirSync('bench-results', { recursive: true });
  const file = `bench-results/trace-${label.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`;
  writeFileSync(file, trace);
  console.log(`trace written to ${file}`);
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const { thread, events } = busiestRendererMain(traceEvents);
  const long = events.filter((e) => e.name === 'RunTask' && e.dur! / 1000 > LONG_MS);
  console.log(`profile of ${label}: ${long.length} tasks > ${LONG_MS} ms`);
  if (long.length === 0) return;
  // What each long task did, one level below the task: the children that start in it.
  const kinds = new Map<string, number>();
  for (const task of long) {
    const end = task.ts + task.dur!;
    const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    // Keep only the outermost events (those not inside another event of the task).
    let coveredUntil = 0;
    for (const e of inside.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
      if (e.ts < coveredUntil) continue;
      coveredUntil = e.ts + e.dur!;
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur! / 1000);
    }
  }
  const total = long.reduce((a, e) => a + e.dur! / 1000, 0);
  console.log(
    `  ${fmt(total)} ms in long tasks (longest ${fmt(Math.max(...long.map((e) => e.dur! / 1000)))} ms), by event:`,
  );
  for (const [name, ms] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`    ${fmt(ms).padStart(6)} ms  ${name}`);
  const inLong = samples(traceEvents, thread).filter(({ ts }) =>
    long.some((task) => ts >= task.ts && ts < task.ts + task.dur!),
  );
  const counts = new Map<string, number>();
  for (const { frame } of inLong) counts.set(frame, (counts.get(frame) ?? 0) + 1);
  console.log(`  ${inLong.length} CPU samples in them, most frequent (self):`);
  for (const [frame, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`    ${String(n).padStart(5)}  ${frame}`);
}
