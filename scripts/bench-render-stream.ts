/**
 * The streaming part of `npm run bench:render`: one answer streamed into a page while Chromium
 * traces its main thread, from the send to a few seconds after the answer ended (what the page
 * does when an answer ends — saving, the figures, parts loaded then — counts too).
 */
import type { Browser, Page } from '@playwright/test';
import { setTokenDelay } from '../testing/scenario-backend/pacing';
import { benchTokens } from '../testing/scenario-backend/scenarios/bench-markdown';
import { APP_URL, SCENARIO_URL } from '../testing/stack/ports';
import {
  markEnd,
  newBenchContext,
  taskFigures,
  TRACE_CATEGORIES,
  waitForEnd,
} from './bench-render-lib';
import { FLOOR_PAGE } from './bench-render-floor';
import { baselinePageServer } from './bench-render-baseline-page';
import type { Result, Role } from './bench-render-report';
import {
  PROFILE_CATEGORIES,
  PROFILE_EVERY_ROW,
  PROFILING,
  printLongTaskProfile,
} from './bench-render-profile';

export const MODEL = 'vllm:bench-markdown';

/** How one measurement runs: CPU throttling, the backend's token rate, the time traced after the end. */
export interface StreamSetup {
  cpuThrottling: number;
  tokensPerSecond: number;
  tailMs: number;
  /** How long to wait for the answer's end before giving up (10 minutes by default). */
  endTimeoutMs?: number;
}

/** One variant's steps: `prepare` gets the page ready, `start` sends; the page marks the end. */
export interface Steps {
  prepare(p: Page, setup: StreamSetup): Promise<void>;
  start(p: Page, setup: StreamSetup): Promise<void>;
  /** The element that says the answer ended (`markEnd`). */
  endSelector: string;
  /** Tokens per second the page received; by default, the scenario backend's rate. */
  rate?(p: Page): Promise<number>;
}

async function requests(): Promise<{ id: number; firstByteAt?: number; closedAt?: number }[]> {
  const res = await fetch(`${SCENARIO_URL}/__control/requests?model=bench-markdown`);
  return ((await res.json()) as { requests: { id: number }[] }).requests;
}

async function backendRate(sinceId: number): Promise<number> {
  const r = (await requests()).filter((x) => x.id > sinceId).at(-1);
  if (!r?.firstByteAt || !r.closedAt) return 0;
  return benchTokens().length / ((r.closedAt - r.firstByteAt) / 1000);
}

/** Sets the scenario backend's token rate for every answer (null: each scenario's own). */
export async function setBackendRate(tokensPerSecond: number | null): Promise<void> {
  await setTokenDelay(SCENARIO_URL, tokensPerSecond ? 1000 / tokensPerSecond : null);
}

/** Runs one variant in a fresh context (or in `page`, already prepared, when given). */
export async function measure(
  browser: Browser,
  { name, role, steps }: { name: string; role: Role; steps: Steps },
  setup: StreamSetup,
  prepared?: Page,
): Promise<Result> {
  const context = prepared?.context() ?? (await newBenchContext(browser));
  const page = prepared ?? (await context.newPage());
  if (!prepared) await steps.prepare(page, setup);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: setup.cpuThrottling });
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  await markEnd(page, steps.endSelector);
  const metric = async (key: string) =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === key)?.value ?? 0) *
    1000;
  const sinceId = (await requests()).at(-1)?.id ?? 0;
  await browser.startTracing(page, {
    categories: PROFILING ? [...TRACE_CATEGORIES, ...PROFILE_CATEGORIES] : TRACE_CATEGORIES,
  });
  const scriptBefore = await metric('ScriptDuration');
  const t0 = Date.now();
  await steps.start(page, setup);
  await waitForEnd(page, setup.endTimeoutMs);
  const wallMs = Date.now() - t0;
  // What the page does once the answer has ended is part of the answer's cost.
  await page.waitForTimeout(setup.tailMs);
  const scriptingMs = (await metric('ScriptDuration')) - scriptBefore;
  const trace = await browser.stopTracing();
  if (PROFILING && (role === 'runnel' || PROFILE_EVERY_ROW))
    printLongTaskProfile(`${name} (${setup.cpuThrottling}×)`, trace);
  const longTasks = await page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  const streamTokensPerSecond = steps.rate ? await steps.rate(page) : await backendRate(sinceId);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  if (!prepared) await context.close();
  return {
    name,
    role,
    cpuThrottling: setup.cpuThrottling,
    tokens: benchTokens().length,
    ...taskFigures(trace),
    scriptingMs,
    wallMs,
    longTasksObserved: longTasks.length,
    streamTokensPerSecond,
  };
}

/** Picks the benchmark's model and types the question, as a person would. */
export async function readyToAsk(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: /^Model: / }).click();
  await page.locator(`[role="option"][data-model-id="${MODEL}"]`).click();
  // Click into the message box and type. (The pointer then rests on the composer, not where the
  // model list was — over the answer, where every scroll of a streaming answer makes the browser
  // hit-test and send hover events.)
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.click();
  await message.fill('Write the benchmark report.');
}

export const runnel: Steps = {
  async prepare(page) {
    await page.goto(APP_URL);
    await readyToAsk(page);
  },
  start: (page) => page.getByRole('textbox', { name: 'Message' }).press('Enter'),
  endSelector: 'article[data-role="assistant"][data-status="complete"]',
};

/** The baseline's page: built here, not by the app (see bench-render-baseline-page.ts). */
const baselinePage = baselinePageServer(APP_URL, MODEL);

export const baseline: Steps = {
  async prepare(page) {
    await baselinePage.serve(page);
    await page.goto(baselinePage.url);
    await page.getByRole('button', { name: 'Send' }).waitFor();
  },
  start: (page) => page.getByRole('button', { name: 'Send' }).click(),
  endSelector: 'article[data-status="complete"]',
};

/**
 * The floor (see `FLOOR_PAGE`), its text shown at every frame or at most every `intervalMs`; with
 * `showText` false, the control: the stream received, nothing shown.
 */
export function floor(intervalMs: number, showText = true): Steps {
  return {
    async prepare(page) {
      await page.setContent(FLOOR_PAGE);
      await page.evaluate(`window.benchTokens = ${JSON.stringify(benchTokens())}`);
    },
    async start(page, setup) {
      await page.evaluate(
        `floorStart(window.benchTokens, ${setup.tokensPerSecond}, ${intervalMs}, ${showText})`,
      );
    },
    endSelector: 'body[data-done]',
    rate: async (page) => Number(await page.locator('body').getAttribute('data-done')),
  };
}

/** The streaming rows, in order; `all` adds the react-markdown baseline and the 4-a-second floor. */
export function streamVariants(all: boolean): { name: string; role: Role; steps: Steps }[] {
  return [
    { name: 'Runnel', role: 'runnel', steps: runnel },
    ...(all
      ? [{ name: 'Baseline (react-markdown)', role: 'baseline' as const, steps: baseline }]
      : []),
    { name: 'Plain-text page, every frame', role: 'floor', steps: floor(0) },
    ...(all
      ? [{ name: 'Plain-text page, 4 times/s', role: 'floor' as const, steps: floor(250) }]
      : []),
    { name: 'Control: received, not shown', role: 'control', steps: floor(0, false) },
  ];
}
