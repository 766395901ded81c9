/**
 * `npm run bench:render`: streams a ~16k-token Markdown answer from the
 * scenario backend (`vllm:bench-markdown`, 2,000 tokens/s) into the real page in Chromium with 4×
 * CPU throttling and prints, for Runnel and for a baseline that re-renders the whole message with
 * react-markdown on every update, the longest main-thread task, the tasks over 50 ms and the
 * scripting time. Two more rows, the floor, show the same text as plain text in a bare page (see
 * `FLOOR_PAGE`): what the browser alone costs for it on this machine; a control receives the same
 * stream and shows nothing (what the machine and the measurement cost without rendering). All
 * variants run in each of `BENCH_ROUNDS` rounds (3), and the summary uses each figure's median.
 * Reuses a running stack (Playwright's) or starts its own; needs `npm run build`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startScenarioBackend } from '../testing/scenario-backend/server';
import { BENCH_TOKENS_PER_SECOND } from '../testing/scenario-backend/scenarios/bench';
import { benchTokens } from '../testing/scenario-backend/scenarios/bench-markdown';
import { APP_ENV } from '../testing/stack/app-env';
import { chromiumLaunchOptions } from '../testing/stack/chromium';
import { APP_URL, SCENARIO_URL } from '../testing/stack/ports';
import { FLOOR_PAGE, fmt, startApp, stopApp, taskFigures, waitForUrl } from './bench-render-lib';
import { baselinePageServer } from './bench-render-baseline-page';
import { medians, printSummary, printTable, type Result, type Role } from './bench-render-report';

/** The 4×; BENCH_CPU_THROTTLING overrides it to see how the figures scale. */
const CPU_THROTTLING = Number(process.env.BENCH_CPU_THROTTLING ?? 4);
/**
 * Rounds of all variants, one after another; the figures printed last are each variant's medians.
 * A shared machine's noise moves single runs by a third either way.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const MODEL = 'vllm:bench-markdown';
const TIMEOUT_MS = 10 * 60_000;

async function backendRate(sinceId: number): Promise<number> {
  const res = await fetch(`${SCENARIO_URL}/__control/requests?model=bench-markdown`);
  const { requests } = (await res.json()) as {
    requests: { id: number; firstByteAt?: number; closedAt?: number }[];
  };
  const r = requests.filter((x) => x.id > sinceId).at(-1);
  if (!r?.firstByteAt || !r.closedAt) return 0;
  return benchTokens().length / ((r.closedAt - r.firstByteAt) / 1000);
}

async function lastRequestId(): Promise<number> {
  const res = await fetch(`${SCENARIO_URL}/__control/requests?model=bench-markdown`);
  const { requests } = (await res.json()) as { requests: { id: number }[] };
  return requests.at(-1)?.id ?? 0;
}

/** Runs one variant: `prepare` gets the page ready, `start` sends, `done` resolves when rendered. */
async function measure(
  browser: Browser,
  { name, role }: { name: string; role: Role },
  steps: {
    prepare(p: Page): Promise<void>;
    start(p: Page): Promise<void>;
    done(p: Page): Promise<void>;
    /** Tokens per second the page received; by default, the scenario backend's rate. */
    rate?(p: Page): Promise<number>;
  },
): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await steps.prepare(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  const metric = async (key: string) =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === key)?.value ?? 0) *
    1000;
  const sinceId = await lastRequestId();
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] });
  const scriptBefore = await metric('ScriptDuration');
  const t0 = Date.now();
  await steps.start(page);
  await steps.done(page);
  // Let the last frame render before reading the clock.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const wallMs = Date.now() - t0;
  const scriptingMs = (await metric('ScriptDuration')) - scriptBefore;
  const trace = await browser.stopTracing();
  const longTasks = await page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  const streamTokensPerSecond = steps.rate ? await steps.rate(page) : await backendRate(sinceId);
  await context.close();
  return {
    name,
    role,
    ...taskFigures(trace),
    scriptingMs,
    wallMs,
    longTasksObserved: longTasks.length,
    streamTokensPerSecond,
  };
}

const runnel = {
  async prepare(page: Page) {
    await page.goto(APP_URL);
    await page.getByRole('combobox', { name: /^Model: / }).click();
    await page.locator(`[role="option"][data-model-id="${MODEL}"]`).click();
    // As a person would: click into the message box and type. (The pointer then rests on the
    // composer, not where the model list was — over the answer, where every scroll of a streaming
    // answer makes the browser hit-test and send hover events.)
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.click();
    await message.fill('Write the benchmark report.');
  },
  start: (page: Page) => page.getByRole('textbox', { name: 'Message' }).press('Enter'),
  done: (page: Page) => waitInPage(page, 'article[data-role="assistant"][data-status="complete"]'),
};

/**
 * Waits for `selector` with a cheap in-page check twice a second: Playwright's own waiting polls
 * the DOM every frame, which would be measured as the page's work.
 */
async function waitInPage(page: Page, selector: string): Promise<void> {
  await page.evaluate(
    ([sel, timeout]) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          if (document.querySelector(sel!)) {
            clearInterval(timer);
            resolve();
          } else if (Date.now() - started > Number(timeout)) {
            clearInterval(timer);
            reject(new Error(`timed out waiting for ${sel}`));
          }
        }, 500);
      }),
    [selector, String(TIMEOUT_MS)],
  );
}

/** The baseline's page: built here, not by the app (see bench-render-baseline-page.ts). */
const baselinePage = baselinePageServer(APP_URL, MODEL);

const baseline = {
  async prepare(page: Page) {
    await baselinePage.serve(page);
    await page.goto(baselinePage.url);
    await page.getByRole('button', { name: 'Send' }).waitFor();
  },
  start: (page: Page) => page.getByRole('button', { name: 'Send' }).click(),
  done: (page: Page) => waitInPage(page, 'article[data-status="complete"]'),
};

/**
 * The floor (see `FLOOR_PAGE`), its text shown at every frame or at most every `intervalMs`; with
 * `showText` false, the control: the stream received, nothing shown.
 */
function floor(intervalMs: number, showText = true) {
  return {
    async prepare(page: Page) {
      await page.setContent(FLOOR_PAGE);
      await page.evaluate(`window.benchTokens = ${JSON.stringify(benchTokens())}`);
    },
    async start(page: Page) {
      await page.evaluate(
        `floorStart(window.benchTokens, ${BENCH_TOKENS_PER_SECOND}, ${intervalMs}, ${showText})`,
      );
    },
    done: (page: Page) => waitInPage(page, 'body[data-done]'),
    rate: async (page: Page) => Number(await page.locator('body').getAttribute('data-done')),
  };
}

/** Every row of a round, in order. */
const VARIANTS = [
  { name: 'Runnel', role: 'runnel', steps: runnel },
  { name: 'Baseline', role: 'baseline', steps: baseline },
  { name: 'Floor: plain text, every frame', role: 'floor', steps: floor(0) },
  { name: 'Floor: plain text, 4 times/s', role: 'floor', steps: floor(250) },
  { name: 'Control: received, not shown', role: 'control', steps: floor(0, false) },
] as const satisfies readonly { name: string; role: Role; steps: Parameters<typeof measure>[2] }[];

async function main(): Promise<void> {
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    if (!(await waitForUrl(`${SCENARIO_URL}/__control/health`, 500))) {
      const backend = await startScenarioBackend({ port: Number(new URL(SCENARIO_URL).port) });
      cleanups.push(() => backend.close());
    }
    if (!(await waitForUrl(`${APP_URL}/api/health`, 500))) {
      const app = startApp(Number(new URL(APP_URL).port), APP_ENV);
      cleanups.push(() => stopApp(app));
      if (!(await waitForUrl(`${APP_URL}/api/health`, 60_000)))
        throw new Error('the app did not start');
    }
    const browser = await chromium.launch(chromiumLaunchOptions());
    cleanups.push(() => browser.close());
    console.log(
      `Streaming ${fmt(benchTokens().length)} tokens of Markdown (${MODEL}) with ${CPU_THROTTLING}× CPU throttling…\n`,
    );
    const rounds: Result[][] = [];
    for (let n = 1; n <= ROUNDS; n++) {
      const round: Result[] = [];
      for (const variant of VARIANTS) round.push(await measure(browser, variant, variant.steps));
      rounds.push(round);
      console.log(`round ${n} of ${ROUNDS}:`);
      printTable(rounds.at(-1)!);
      console.log('');
    }
    const results = rounds[0]!.map((_, i) => medians(rounds.map((round) => round[i]!)));
    if (ROUNDS > 1) {
      console.log(`medians of ${ROUNDS} rounds:`);
      printTable(results);
    }
    printSummary(results, rounds);
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      `bench-results/render-${Date.now()}.json`,
      `${JSON.stringify({ cpuThrottling: CPU_THROTTLING, rounds, medians: results }, null, 2)}\n`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
