/**
 * Helpers of `npm run bench:render` (scripts/bench-render.ts): bringing the stack up, and reading a
 * Chromium trace into the figures the benchmark prints (scripting and main-thread time, long tasks).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';

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

/** A Chromium trace event, with the `args` a reader looks at. */
export interface TraceEvent<Args extends { name?: string } = { name?: string }> {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own time in the event (µs): its wall time less what other work took. */
  tdur?: number;
  args?: Args;
}

/** Main-thread task figures from a Chromium trace (durations in ms). */
export interface TaskFigures {
  longestTaskMs: number;
  /**
   * The most CPU time one task took (its thread time): on a machine busy with other work a task's
   * wall time includes the time the page waited for a core, this does not.
   */
  longestTaskCpuMs: number;
  tasksOver50: number;
  totalTaskMs: number;
  /** The longest task from the page's mark `END_MARK` on (0 without the mark). */
  longestAfterEndMs: number;
  /** Tasks over 50 ms from that mark on. */
  tasksOver50AfterEnd: number;
  /**
   * When the tasks over 50 ms started, and when the mark was set (s from the trace's first task of
   * the page: a stream's trace starts right before the send), to tell the send, the stream and its
   * end apart.
   */
  longTasksAtS: number[];
  /** When the longest task started (s, as above). */
  longestAtS: number;
  endAtS?: number;
}

/** The user-timing mark a page sets when its answer ended (trace category `blink.user_timing`). */
export const END_MARK = 'bench-answer-ended';

/** What the benchmark traces: tasks, and the pages' user-timing marks. */
export const TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * Reads `RunTask` events of the renderer main thread that did the most work (the page's). Tasks
 * are top-level, so their durations do not overlap. Tasks that start at or after `END_MARK` (or
 * are running when it is set) are also counted apart: the end of an answer.
 */
export function taskFigures(trace: Buffer): TaskFigures {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { ts: number; ms: number; cpuMs: number }[]>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push({ ts: e.ts, ms: e.dur / 1000, cpuMs: (e.tdur ?? 0) / 1000 });
    byThread.set(key, list);
  }
  const sum = (xs: { ms: number }[]) => xs.reduce((a, b) => a + b.ms, 0);
  const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  const endAt = traceEvents.find((e) => e.name === END_MARK)?.ts;
  const afterEnd = endAt === undefined ? [] : tasks.filter((t) => t.ts + t.ms * 1000 >= endAt);
  const longest = (xs: { ms: number }[]) => xs.reduce((m, t) => Math.max(m, t.ms), 0);
  const startedAt = tasks.reduce((m, t) => Math.min(m, t.ts), Infinity);
  const seconds = (ts: number) => (ts - startedAt) / 1e6;
  return {
    longestTaskMs: longest(tasks),
    longestTaskCpuMs: tasks.reduce((m, t) => Math.max(m, t.cpuMs), 0),
    tasksOver50: tasks.filter((t) => t.ms > 50).length,
    totalTaskMs: sum(tasks),
    longestAfterEndMs: longest(afterEnd),
    tasksOver50AfterEnd: afterEnd.filter((t) => t.ms > 50).length,
    longTasksAtS: tasks.filter((t) => t.ms > 50).map((t) => seconds(t.ts)),
    longestAtS: tasks.length ? seconds(tasks.reduce((m, t) => (t.ms > m.ms ? t : m)).ts) : 0,
    ...(endAt !== undefined && tasks.length > 0 ? { endAtS: seconds(endAt) } : {}),
  };
}

/**
 * Waits until the page has set `END_MARK`, with a cheap in-page check twice a second: Playwright's
 * own waiting polls the DOM every frame, which would be measured as the page's work. (No `eval`:
 * the app's Content Security Policy forbids it.)
 */
export async function waitForEnd(page: Page, timeoutMs = 10 * 60_000): Promise<void> {
  await page.evaluate(
    ([mark, timeout]) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          if (performance.getEntriesByName(mark!).length > 0) {
            clearInterval(timer);
            resolve();
          } else if (Date.now() - started > Number(timeout)) {
            clearInterval(timer);
            reject(new Error('timed out waiting for the end of the answer'));
          }
        }, 500);
      }),
    [END_MARK, String(timeoutMs)],
  );
}

/**
 * Sets `END_MARK` in the page the moment an element's attributes change so that it matches
 * `selector` (an answer that was streaming is now complete; answers that ended earlier do not
 * count), from a `MutationObserver` on the attributes that say an answer ended — it runs right
 * after that DOM change, before any idle or timer work the change starts.
 */
export async function markEnd(page: Page, selector: string): Promise<void> {
  await page.evaluate(
    ([sel, mark]) => {
      const observer = new MutationObserver((records) => {
        if (!records.some((r) => r.target instanceof Element && r.target.matches(sel!))) return;
        performance.mark(mark!);
        observer.disconnect();
      });
      observer.observe(document.documentElement, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-status', 'data-done'],
      });
    },
    [selector, END_MARK],
  );
}

/** "1,234" / "12.3". */
export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * A fresh browser context for a measurement. The benchmark runs under tsx, which wraps named
 * functions in a `__name` helper; functions handed to `page.evaluate` carry those calls into the
 * page, where the helper is given as a no-op.
 */
export async function newBenchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript('globalThis.__name ??= (f) => f;');
  // Outside Playwright's test runner actions wait forever by default; a step that cannot happen
  // should fail the part instead.
  context.setDefaultTimeout(60_000);
  return context;
}

/**
 * The complete events of the busiest renderer main thread in a trace (the page's; Chromium's
 * other renderers are idle), and that thread as `pid:tid`.
 */
export function busiestRendererMain<E extends TraceEvent>(
  traceEvents: E[],
): { thread: string; events: E[] } {
  const main = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, E[]>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.dur === undefined || !main.has(`${e.pid}:${e.tid}`)) continue;
    const list = byThread.get(`${e.pid}:${e.tid}`) ?? [];
    list.push(e);
    byThread.set(`${e.pid}:${e.tid}`, list);
  }
  const busy = (xs: E[]) => xs.filter((e) => e.name === 'RunTask').reduce((a, e) => a + e.dur!, 0);
  const [thread, events] = [...byThread].sort((a, b) => busy(b[1]) - busy(a[1]))[0] ?? ['', []];
  return { thread, events };
}
