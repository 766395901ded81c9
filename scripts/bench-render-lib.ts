/**
 * Helpers of `npm run bench:render` (scripts/bench-render.ts): bringing the stack up, and reading a
 * Chromium trace into the figures the benchmark prints (scripting and main-thread time, long tasks).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Resolves when `url` answers (any HTTP status), false after `timeoutMs`. */
export async function waitForUrl(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return false;
}

/** Stops a process group started by `startApp`, forcefully if it does not exit. */
export async function stopApp(app: ChildProcess): Promise<void> {
  if (!app.pid) return;
  const group = -app.pid;
  try {
    process.kill(group, 'SIGTERM');
  } catch {
    return;
  }
  const exited = await new Promise<boolean>((resolve) => {
    if (app.exitCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), 5_000);
    app.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!exited) {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Starts `next start` for the built app; the caller stops it with `stopApp`. */
export function startApp(port: number, env: Record<string, string>): ChildProcess {
  if (!existsSync('.next/BUILD_ID'))
    throw new Error('No production build: run `npm run build` first.');
  return spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
    detached: true,
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Main-thread task figures from a Chromium trace (durations in ms). */
export interface TaskFigures {
  longestTaskMs: number;
  tasksOver50: number;
  totalTaskMs: number;
}

/**
 * Reads `RunTask` events of the renderer main thread that did the most work (the page's). Tasks
 * are top-level, so their durations do not overlap.
 */
export function taskFigures(trace: Buffer): TaskFigures {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, number[]>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e.dur / 1000);
    byThread.set(key, list);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return {
    longestTaskMs: tasks.reduce((m, d) => Math.max(m, d), 0),
    tasksOver50: tasks.filter((d) => d > 50).length,
    totalTaskMs: sum(tasks),
  };
}

/** "1,234" / "12.3". */
export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * The floor: the cheapest faithful rendering of the same stream — its raw text, no Markdown, no
 * framework, one `<div>` per paragraph appended to, followed to the bottom — fed by in-page timers
 * (no network either), applied at the next frame or, with `intervalMs`, at most that often. What
 * the browser alone costs on this machine for this much text.
 * `floorStart(tokens, tokensPerSecond, intervalMs, showText)` starts it; at the end `<body>` gets
 * `data-done` set to the rate achieved. With `showText` false it is the control: the same stream
 * received by the same timers, nothing shown — what the machine and the measurement cost with no
 * rendering. (A page script, not a function passed to Playwright: the bench runs under tsx, whose
 * helpers would not exist in the page.)
 */
export const FLOOR_PAGE = `<!doctype html>
<div id="scroller" style="height:100vh;overflow:auto;font:16px/1.6 system-ui,sans-serif">
  <div id="text" style="max-width:48rem;margin:auto;white-space:pre-wrap"></div>
</div>
<script>
window.floorStart = function (tokens, tokensPerSecond, intervalMs, showText) {
  var scroller = document.getElementById('scroller');
  var text = document.getElementById('text');
  var paragraph = text.appendChild(document.createElement('div'));
  var pending = '', next = 0, frameRequested = false, started = performance.now(), lastShown = 0;
  function show() {
    frameRequested = false;
    lastShown = performance.now();
    var parts = pending.split('\\n\\n');
    paragraph.append(parts[0]);
    for (var i = 1; i < parts.length; i++) {
      paragraph = text.appendChild(document.createElement('div'));
      paragraph.style.marginTop = '1em';
      paragraph.append(parts[i]);
    }
    pending = '';
    scroller.scrollTop = scroller.scrollHeight;
    if (next >= tokens.length) {
      document.body.dataset.done = String(tokens.length / (performance.now() - started) * 1000);
    }
  }
  function feed() {
    var due = Math.min(tokens.length, Math.floor((performance.now() - started) / 1000 * tokensPerSecond));
    while (next < due) pending += tokens[next++];
    if (showText === false) {
      pending = '';
      if (next >= tokens.length) show();
    } else if (pending && !frameRequested) {
      frameRequested = true;
      var wait = lastShown + intervalMs - performance.now();
      if (wait > 0) setTimeout(function () { requestAnimationFrame(show); }, wait);
      else requestAnimationFrame(show);
    }
    if (next < tokens.length) setTimeout(feed, 10);
  }
  feed();
};
</script>`;
