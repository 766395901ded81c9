/**
 * `npx tsx scripts/bench-render-frames.ts <trace.json>…`: the CPU (trace thread time) of a
 * streaming trace's update tasks and of the frames that show them, from a trace written by
 * `BENCH_PROFILE=events` (or `=1`) `npm run bench:render`. A frame is a main-thread task that
 * painted (it holds `Paint` or `PrePaint` events); an update task is any other task with more
 * than 2 ms of script. For each: count, median, 90th percentile and the most of their CPU, and
 * what the frames' CPU went to (style, layout, pre-paint, paint, layerising, commit, script).
 */
import { readFileSync } from 'node:fs';
import {
  busiestRendererMain,
  END_MARK,
  type TraceEvent as LibTraceEvent,
} from './bench-render-lib';

type TraceEvent = LibTraceEvent<{
  name?: string;
  elementCount?: number;
  beginData?: { dirtyObjects?: number };
  data?: { type?: string };
}>;

const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'v8.callFunction',
  'RunMicrotasks',
  'V8.Execute',
]);
const PHASES: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  HitTest: 'hit test',
  IntersectionObserverController_computeIntersections: 'intersections',
  'IntersectionObserverController::computeIntersections': 'intersections',
  UpdateLayer: 'update layer',
  ScrollLayer: 'scroll',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
};

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const f = (n: number) => n.toFixed(1).padStart(6);

/** The stream's update tasks and frames in a trace (CPU and wall ms each; a frame's phases). */
export function frameFigures(trace: Buffer | string) {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const events = busiestRendererMain(traceEvents).events.sort((a, b) => a.ts - b.ts);
  const endAt = traceEvents.find((e) => e.name === END_MARK)?.ts ?? Infinity;
  const tasks = events.filter((e) => e.name === 'RunTask');
  // The stream: from the first task with script after the trace starts to the end mark.
  /**
   * `styled`: elements whose style was computed; `laidOut`: layout objects laid out (dirty);
   * `layoutPasses`: layouts of more than 20 objects in the frame (more than one: laid out twice).
   */
  const frames: {
    ms: number;
    cpu: number;
    phases: Map<string, number>;
    styled: number;
    laidOut: number;
    layoutPasses: number;
  }[] = [];
  const updates: { ms: number; cpu: number }[] = [];
  let over50 = 0;
  let over50NoSend = 0;
  let longestNoSend = 0;
  let longest = 0;
  let longestCpu = 0;
  let totalCpu = 0;
  let i = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    if (task.ts > endAt) break;
    const ms = task.dur! / 1000;
    const cpu = (task.tdur ?? 0) / 1000;
    totalCpu += cpu;
    if (ms > 50) over50++;
    longest = Math.max(longest, ms);
    longestCpu = Math.max(longestCpu, cpu);
    while (i < events.length && events[i]!.ts < task.ts) i++;
    const phases = new Map<string, number>();
    let script = 0;
    let painted = false;
    let send = false;
    let styled = 0;
    let laidOut = 0;
    let layoutPasses = 0;
    const phaseUntil = new Map<string, number>();
    let coveredUntil = 0;
    for (let j = i; j < events.length && events[j]!.ts < end; j++) {
      const e = events[j]!;
      if (e === task) continue;
      if (e.name === 'Paint' || e.name === 'PrePaint') painted = true;
      if (e.name === 'EventDispatch' && e.args?.data?.type === 'keydown') send = true;
      if (e.name === 'UpdateLayoutTree') styled += e.args?.elementCount ?? 0;
      if (e.name === 'Layout') {
        const dirty = e.args?.beginData?.dirtyObjects ?? 0;
        laidOut += dirty;
        if (dirty > 20) layoutPasses++;
      }
      const phase = PHASES[e.name];
      // A phase's own time: events nested in one of the same phase (a layer's paint inside the
      // document's) are not counted twice.
      if (phase && e.ts >= (phaseUntil.get(phase) ?? 0)) {
        phaseUntil.set(phase, e.ts + e.dur!);
        phases.set(phase, (phases.get(phase) ?? 0) + (e.tdur ?? 0) / 1000);
      }
      if (e.ts < coveredUntil) continue;
      if (SCRIPT.has(e.name)) {
        coveredUntil = e.ts + e.dur!;
        script += (e.tdur ?? 0) / 1000;
      }
    }
    if (ms > 50 && !send) over50NoSend++;
    if (!send) longestNoSend = Math.max(longestNoSend, ms);
    if (painted) {
      phases.set('script', script);
      frames.push({ ms, cpu, phases, styled, laidOut, layoutPasses });
    } else if (script > 2) updates.push({ ms, cpu });
  }
  return { over50, over50NoSend, longestNoSend, longest, longestCpu, totalCpu, updates, frames };
}

export const line = (label: string, xs: number[]) =>
  `${label.padEnd(22)} n=${String(xs.length).padStart(4)}  median ${f(quantile(xs, 0.5))}  p90 ${f(quantile(xs, 0.9))}  max ${f(Math.max(0, ...xs))}  sum ${f(xs.reduce((a, b) => a + b, 0))}`;

function analyse(file: string): void {
  const fig = frameFigures(readFileSync(file));
  const show = (label: string, xs: number[], indent = 2) =>
    console.log(`${' '.repeat(indent)}${line(label, xs)}`);
  console.log(file);
  console.log(
    `  to the end: tasks > 50 ms ${fig.over50}, longest ${fig.longest.toFixed(0)} ms (CPU ${fig.longestCpu.toFixed(1)} ms), CPU ${fig.totalCpu.toFixed(0)} ms; without the send's key press: ${fig.over50NoSend} > 50 ms, longest ${fig.longestNoSend.toFixed(0)} ms`,
  );
  show(
    'update tasks, CPU ms',
    fig.updates.map((u) => u.cpu),
  );
  show(
    'update tasks, wall ms',
    fig.updates.map((u) => u.ms),
  );
  // The frames that showed an update: they laid out more than 20 objects.
  const shown = fig.frames.filter((fr) => fr.layoutPasses > 0);
  show(
    'update frames, CPU ms',
    shown.map((fr) => fr.cpu),
  );
  show(
    'update frames, wall ms',
    shown.map((fr) => fr.ms),
  );
  const names = new Set(shown.flatMap((fr) => [...fr.phases.keys()]));
  for (const name of [...names].sort())
    show(
      name,
      shown.map((fr) => fr.phases.get(name) ?? 0),
      4,
    );
  show(
    'all frames, CPU ms',
    fig.frames.map((fr) => fr.cpu),
  );
  show(
    'elements styled',
    shown.map((fr) => fr.styled),
  );
  show(
    'objects laid out',
    shown.map((fr) => fr.laidOut),
  );
  const twice = shown.filter((fr) => fr.layoutPasses > 1).length;
  console.log(
    `  update frames laid out twice (two layouts of > 20 objects): ${twice} of ${shown.length}`,
  );
}

for (const file of process.argv.slice(2)) analyse(file);
