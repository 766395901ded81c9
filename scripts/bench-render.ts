/**
 * `npm run bench:render`: how smooth the chat page stays with long answers and long chats, in
 * Chromium, printed side by side with a plain-text page that does the least the browser can:
 *
 * - stream: a ~16,000-token Markdown answer from the scenario backend (`vllm:bench-markdown`) at
 *   `BENCH_TOKENS_PER_SECOND` (1,000), at 1× and at `BENCH_CPU_THROTTLING` (4×), traced from the
 *   send to `BENCH_TAIL_MS` (3 s) after the answer ended; Runnel, the plain-text page (the floor,
 *   see bench-render-floor.ts) and a control that receives the stream and shows nothing
 *   (`BENCH_ALL=1` adds a react-markdown baseline and a floor updated 4 times a second);
 * - long: a 1,000-message conversation opened from the sidebar (1× and 4×), scrolled to the top,
 *   its heap, and a new answer streamed at its end (bench-render-long.ts);
 * - search: typing into the sidebar's search over 5,000 conversations (bench-render-search.ts).
 *
 * `BENCH_PARTS` picks parts (`stream,long,search`; `scroll` alone: the long conversation opened at
 * 1× and scrolled to the top, nothing else); `BENCH_ROUNDS` repeats the stream part and
 * prints medians. Reuses a running stack (Playwright's) or starts its own; needs `npm run build`.
 * Prints each target as met or not and writes every figure to `bench-results/`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { startScenarioBackend } from '../testing/scenario-backend/server';
import { benchTokens } from '../testing/scenario-backend/scenarios/bench-markdown';
import { APP_ENV } from '../testing/stack/app-env';
import { chromiumLaunchOptions } from '../testing/stack/chromium';
import { APP_URL, SCENARIO_URL } from '../testing/stack/ports';
import { writeProvidersFile } from '../testing/stack/providers-file';
import { fmt, startApp, stopApp, waitForUrl } from './bench-render-lib';
import { longTargets, measureLong, type LongFigures } from './bench-render-long';
import {
  medians,
  printBaseline,
  printTable,
  streamTargets,
  type Result,
} from './bench-render-report';
import { measureSearch, searchTargets, type SearchFigures } from './bench-render-search';
import { measure, setBackendRate, streamVariants, type StreamSetup } from './bench-render-stream';

const THROTTLED = Number(process.env.BENCH_CPU_THROTTLING ?? 4);
const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 1000);
const TAIL_MS = Number(process.env.BENCH_TAIL_MS ?? 3000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const PARTS = new Set((process.env.BENCH_PARTS ?? 'stream,long,search').split(','));
const ALL_VARIANTS = process.env.BENCH_ALL === '1';

/** Starts what is not already running; returns how to stop it. */
async function stack(): Promise<(() => Promise<void> | void)[]> {
  const cleanups: (() => Promise<void> | void)[] = [];
  if (!(await waitForUrl(`${SCENARIO_URL}/__control/health`, 500))) {
    const backend = await startScenarioBackend({ port: Number(new URL(SCENARIO_URL).port) });
    cleanups.push(() => backend.close());
  }
  if (!(await waitForUrl(`${APP_URL}/api/health`, 500))) {
    // A fresh checkout has no providers file until Playwright has run once.
    writeProvidersFile(SCENARIO_URL);
    const app = startApp(Number(new URL(APP_URL).port), APP_ENV);
    cleanups.push(() => stopApp(app));
    if (!(await waitForUrl(`${APP_URL}/api/health`, 60_000)))
      throw new Error('the app did not start');
  }
  return cleanups;
}

/** Every streaming row at each throttling, `ROUNDS` times; the medians. */
async function streamPart(browser: Browser, setup: Omit<StreamSetup, 'cpuThrottling'>) {
  const rounds: Result[][] = [];
  for (let n = 1; n <= ROUNDS; n++) {
    const round: Result[] = [];
    for (const cpuThrottling of [1, THROTTLED]) {
      for (const variant of streamVariants(ALL_VARIANTS))
        round.push(await measure(browser, variant, { ...setup, cpuThrottling }));
    }
    rounds.push(round);
    console.log(`stream, round ${n} of ${ROUNDS}:`);
    printTable(round);
    console.log('');
  }
  const results = rounds[0]!.map((_, i) => medians(rounds.map((round) => round[i]!)));
  if (ROUNDS > 1) {
    console.log(`medians of ${ROUNDS} rounds:`);
    printTable(results);
  }
  return { rounds, results };
}

async function main(): Promise<void> {
  const cleanups = await stack();
  try {
    const browser = await chromium.launch(chromiumLaunchOptions());
    cleanups.push(() => browser.close());
    await setBackendRate(TOKENS_PER_SECOND);
    cleanups.push(() => setBackendRate(null));
    const setup = { tokensPerSecond: TOKENS_PER_SECOND, tailMs: TAIL_MS };
    console.log(
      `${fmt(benchTokens().length)} tokens of Markdown at ${fmt(TOKENS_PER_SECOND)} tokens/s, at 1× and ${THROTTLED}× CPU throttling, ${fmt(TAIL_MS)} ms traced after each answer's end\n`,
    );
    const stream = PARTS.has('stream') ? await streamPart(browser, setup) : undefined;
    let long: LongFigures | undefined;
    if (PARTS.has('long') || PARTS.has('scroll')) {
      const scrollOnly = !PARTS.has('long');
      long = await measureLong(
        browser,
        scrollOnly ? [1] : [1, THROTTLED],
        { ...setup, cpuThrottling: 1 },
        scrollOnly,
      );
      if (long.newAnswer && typeof long.newAnswer !== 'string') {
        console.log('long conversation, a new answer at its end, and in an empty chat, in turn:');
        printTable(long.newAnswer.inOrder);
        console.log('');
      }
    }
    const search: SearchFigures | undefined = PARTS.has('search')
      ? await measureSearch(browser)
      : undefined;

    const lines = [
      ...(stream ? streamTargets(stream.results) : []),
      ...(long ? longTargets(long) : []),
      ...(search ? searchTargets(search) : []),
    ];
    console.log('targets:');
    for (const { line } of lines) console.log(`- ${line}`);
    if (stream) printBaseline(stream.results);
    const load = loadavg()
      .map((x) => fmt(x, 1))
      .join(' ');
    const met = lines.filter((l) => l.met).length;
    console.log(`\n${met} of ${lines.length} targets met in this run (load average ${load})`);
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      `bench-results/render-${Date.now()}.json`,
      `${JSON.stringify({ throttled: THROTTLED, tokensPerSecond: TOKENS_PER_SECOND, tailMs: TAIL_MS, stream, long, search, targets: lines }, null, 2)}\n`,
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
