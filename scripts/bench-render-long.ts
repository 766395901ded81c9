/**
 * The long-conversation part of `npm run bench:render`: a conversation of 1,000 messages (~300 KB
 * of Markdown, code and tables) opened from the sidebar, scrolled from the bottom to the top, the
 * JavaScript heap it costs, and a new answer streamed at its end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { LAST_WORDS, longConversation } from '../testing/browser/long-conversation';
import { seedConversations } from '../testing/browser/seed-conversations';
import { APP_URL } from '../testing/stack/ports';
import { fmt, newBenchContext, taskFigures, TRACE_CATEGORIES } from './bench-render-lib';
import type { Result } from './bench-render-report';
import { PROFILE_CATEGORIES, PROFILING, printLongTaskProfile } from './bench-render-profile';
import { measure, readyToAsk, runnel, type StreamSetup } from './bench-render-stream';

const TITLE = 'A very long conversation';
/** Pixels scrolled per frame: a fast flick of the wheel, all the way up. */
const SCROLL_STEP = 400;

export interface LongFigures {
  /** From the click on the sidebar link to the frame that showed the last message, per throttling. */
  openMs: Record<number, number>;
  scroll: {
    longestFrameMs: number;
    longestTaskMs: number;
    /** The most CPU time one task took (see `TaskFigures`). */
    longestTaskCpuMs: number;
    tasksOver50: number;
    frames: number;
    /** From the first frame to the one that showed the first message at the top. */
    firstShownMs: number;
    /** The first question was on screen at the end (every earlier message was added). */
    reachedFirst: boolean;
    /** Why the scroll stopped before the top (no frame came for 10 s), with what the page was. */
    stalled?: string;
  };
  heapMb: { opened: number; scrolled: number };
  /**
   * A new answer streamed at the end of the long conversation and in an empty chat, each twice, in
   * turn (`newAnswers`); why not, when one did not end (undefined: not asked for).
   */
  newAnswer?: NewAnswers | string;
}

/** The new answers in the order they were measured: an empty chat, the long one twice, an empty chat. */
export interface NewAnswers {
  long: Result[];
  empty: Result[];
  inOrder: Result[];
}

/** A fresh page with the long conversation stored, the sidebar showing it, the page idle. */
type LongPage = { context: BrowserContext; page: Page; cdp: CDPSession };
async function pageWithLongConversation(browser: Browser): Promise<LongPage> {
  const context = await newBenchContext(browser);
  const page = await context.newPage();
  await page.goto(APP_URL);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await seedConversations(page, [longConversation(Date.now())]);
  await page.reload();
  await page.getByRole('link', { name: TITLE }).waitFor();
  // Let the page finish what it does once loaded (warm-ups run in idle time).
  await page.waitForTimeout(1500);
  return { context, page, cdp: await context.newCDPSession(page) };
}

/**
 * Clicks the conversation's sidebar link and returns the time from the click event to the first
 * frame that painted its last message inside the scroller: checked in a task right after each
 * frame's rendering, so what it sees is what that frame showed.
 */
async function openFromSidebar(page: Page): Promise<number> {
  await page.evaluate((lastWords) => {
    const w = window as unknown as { __openMs?: number; __channel?: MessageChannel };
    delete w.__openMs;
    document.addEventListener(
      'click',
      (event) => {
        // Kept referenced: a port nothing points to can be collected with its messages.
        const channel = (w.__channel = new MessageChannel());
        const shown = () => {
          const log = document.querySelector('[role="log"]');
          const last = log ? [...log.querySelectorAll('article')].at(-1) : undefined;
          const scroller = document.querySelector('[data-testid="message-scroller"]');
          if (!last || !scroller || !last.textContent?.includes(lastWords)) return false;
          const a = last.getBoundingClientRect();
          const b = scroller.getBoundingClientRect();
          return a.bottom > b.top && a.top < b.bottom;
        };
        channel.port1.onmessage = () => {
          if (shown()) w.__openMs = performance.now() - event.timeStamp;
          else requestAnimationFrame(() => channel.port2.postMessage(null));
        };
        requestAnimationFrame(() => channel.port2.postMessage(null));
      },
      { capture: true, once: true },
    );
  }, LAST_WORDS);
  await page.getByRole('link', { name: TITLE }).click();
  await page.waitForFunction(() => (window as { __openMs?: number }).__openMs !== undefined, null, {
    polling: 250,
    timeout: 60_000,
  });
  return page.evaluate(() => (window as unknown as { __openMs: number }).__openMs);
}

/** The JavaScript heap in use after a full garbage collection, in MB. */
async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1e6;
}

/**
 * Scrolls the conversation from the bottom to the top, `SCROLL_STEP` pixels a frame, until its
 * first message is shown at the top and it has stayed there for 30 frames (content shown above may
 * still move it); the longest gap between two frames is the longest frame. Earlier messages are
 * added while it scrolls, so a page that renders them more slowly than the flick reaches the top
 * of what it has first and waits there: the frames go on being measured until the first message is
 * in (60 s at most), and the time it took is printed.
 */
async function scrollToTop(browser: Browser, page: Page) {
  await browser.startTracing(page, {
    categories: PROFILING ? [...TRACE_CATEGORIES, ...PROFILE_CATEGORIES] : TRACE_CATEGORIES,
  });
  const scrolled = await page
    .evaluate(
      (step) =>
        new Promise<{ longestFrameMs: number; frames: number; firstShownMs: number }>(
          (resolve, reject) => {
            const scroller = document.querySelector('[data-testid="message-scroller"]');
            if (!scroller) return reject(new Error('no message scroller on the page'));
            const firstShown = () =>
              scroller.scrollTop <= 0 &&
              !!scroller.querySelector('article')?.textContent?.includes('Question 1:');
            let started = 0;
            let previous = 0;
            let longestFrameMs = 0;
            let frames = 0;
            let atTop = 0;
            let firstShownMs = 0;
            // Runs have sat idle here: no frame came, or one threw. Either ends the part after 10 s
            // without a frame, saying what the page was then.
            const stall = () =>
              setTimeout(() => {
                const state = [
                  `the page ${document.visibilityState}`,
                  `the scroller ${scroller.isConnected ? 'in the page' : 'gone'} at ${Math.round(scroller.scrollTop)} px`,
                  `the first message ${firstShown() ? '' : 'not '}shown`,
                ];
                reject(new Error(`no frame for 10 s after ${frames} frames (${state.join(', ')})`));
              }, 10_000);
            let stalled = stall();
            const frame = (ts: number) => {
              clearTimeout(stalled);
              stalled = stall();
              started ||= ts;
              if (previous) longestFrameMs = Math.max(longestFrameMs, ts - previous);
              previous = ts;
              frames++;
              scroller.scrollTop -= step;
              atTop = firstShown() ? atTop + 1 : 0;
              if (atTop === 1) firstShownMs = ts - started;
              // Stops at the first message, or after 60 s of frames whatever happened.
              if (atTop >= 30 || frames >= 3600) {
                clearTimeout(stalled);
                resolve({ longestFrameMs, frames, firstShownMs });
              } else requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          },
        ),
      SCROLL_STEP,
    )
    .catch((error: Error) => ({
      longestFrameMs: 0,
      frames: 0,
      firstShownMs: 0,
      stalled: error.message.split('\n')[0]!.replace(/^page\.evaluate: (Error: )?/, ''),
    }));
  const trace = await browser.stopTracing();
  if ('stalled' in scrolled) {
    // Kept for a look at what the page and the browser did meanwhile (chrome://tracing, Perfetto).
    mkdirSync('bench-results', { recursive: true });
    const file = `bench-results/trace-scroll-stalled-${Date.now()}.json`;
    writeFileSync(file, trace);
    console.log(`scrolling stalled: ${scrolled.stalled}; its trace: ${file}`);
  }
  if (PROFILING) printLongTaskProfile('scrolling to the top', trace);
  const { longestTaskMs, longestTaskCpuMs, tasksOver50 } = taskFigures(trace);
  const reachedFirst = await page
    .getByRole('log')
    .getByText(/^Question 1:/)
    .isVisible();
  return { ...scrolled, longestTaskMs, longestTaskCpuMs, tasksOver50, reachedFirst };
}

/** The scroll figures of a run that did not scroll. */
const noScroll: LongFigures['scroll'] = {
  longestFrameMs: 0,
  longestTaskMs: 0,
  longestTaskCpuMs: 0,
  tasksOver50: 0,
  frames: 0,
  firstShownMs: 0,
  reachedFirst: false,
};

/**
 * Every figure of the long conversation; `throttlings` for the open (the rest at 1×). With
 * `scrollOnly` (`BENCH_PARTS=scroll`), only the open at 1×, the scroll to the top and the heap: the
 * scroll figure on its own in about a minute.
 */
export async function measureLong(
  browser: Browser,
  throttlings: number[],
  setup: StreamSetup,
  scrollOnly = false,
): Promise<LongFigures> {
  const openMs: Record<number, number> = {};
  let scroll: LongFigures['scroll'] | undefined;
  let heap = { opened: 0, scrolled: 0 };
  for (const rate of throttlings) {
    const { context, page, cdp } = await pageWithLongConversation(browser);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    openMs[rate] = await openFromSidebar(page);
    console.log(`long conversation opened at ${rate}×: ${fmt(openMs[rate])} ms`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (rate === 1) {
      await page.waitForTimeout(1000);
      const opened = await heapMb(cdp);
      scroll = await scrollToTop(browser, page);
      console.log(`scrolled to the top: longest frame ${fmt(scroll.longestFrameMs)} ms`);
      heap = { opened, scrolled: await heapMb(cdp) };
    }
    await context.close();
  }
  const figures = { openMs, scroll: scroll ?? noScroll, heapMb: heap };
  return scrollOnly ? figures : { ...figures, newAnswer: await newAnswers(browser, setup) };
}

/**
 * The same new answer at 1× in an empty chat, at the end of the long conversation, there again, and
 * in an empty chat again, each on a fresh page. In turn like this, a drift of the machine's speed
 * during the part weighs on both sides alike, and each side is two answers: one answer's figure
 * varies between runs of one build by more than the target's 10 % (docs/performance.md).
 */
async function newAnswers(browser: Browser, setup: StreamSetup): Promise<NewAnswers | string> {
  const at1 = { ...setup, cpuThrottling: 1, endTimeoutMs: 120_000 };
  const answers: NewAnswers = { long: [], empty: [], inOrder: [] };
  const add = (side: Result[], result: Result) => {
    side.push(result);
    answers.inOrder.push(result);
  };
  const inEmptyChat = async (nth: string) =>
    add(
      answers.empty,
      await measure(
        browser,
        { name: `Runnel, empty chat, ${nth}`, role: 'runnel', steps: runnel },
        at1,
      ),
    );
  await inEmptyChat('first');
  for (const nth of ['first', 'second']) {
    const { context, page } = await pageWithLongConversation(browser);
    try {
      await openFromSidebar(page);
      await page.waitForTimeout(1000);
      await readyToAsk(page);
      const name = `Runnel, after 1,000 messages, ${nth}`;
      add(answers.long, await measure(browser, { name, role: 'runnel', steps: runnel }, at1, page));
    } catch (error) {
      const notice = await page.getByRole('alert').allTextContents();
      return `no answer ended within 2 minutes (${notice.join(' ') || String(error).split('\n')[0]})`;
    } finally {
      await context.close();
    }
  }
  await inEmptyChat('second');
  return answers;
}

/** The long conversation's figures, one line each, with their targets. */
export function longTargets(long: LongFigures): { line: string; met: boolean }[] {
  const lines: { line: string; met: boolean }[] = [];
  const openTarget: Record<number, number> = { 1: 300, 4: 1200 };
  for (const [rate, ms] of Object.entries(long.openMs)) {
    const target = openTarget[Number(rate)];
    lines.push({
      line: `1,000 messages, opened from the sidebar at ${rate}×: last message shown after ${fmt(ms)} ms${target ? ` (target ${fmt(target)} ms): ${ms <= target ? 'met' : 'NOT met'}` : ''}`,
      met: target ? ms <= target : true,
    });
  }
  const s = long.scroll;
  lines.push({
    line: `scrolling bottom to top at 1×, every frame < 50 ms: ${s.longestFrameMs < 50 && s.reachedFirst ? 'met' : 'NOT met'} — ${s.stalled ? `stalled: ${s.stalled}; ` : ''}longest frame ${fmt(s.longestFrameMs)} ms over ${s.frames} frames (the first message at the top after ${fmt(s.firstShownMs / 1000, 1)} s), longest task ${fmt(s.longestTaskMs)} ms (${fmt(s.longestTaskCpuMs)} ms on the CPU), ${s.tasksOver50} tasks > 50 ms; first message reached: ${s.reachedFirst ? 'yes' : 'NO'}`,
    met: s.longestFrameMs < 50 && s.reachedFirst,
  });
  const heap = Math.max(long.heapMb.opened, long.heapMb.scrolled);
  lines.push({
    line: `JS heap < 150 MB: ${heap < 150 ? 'met' : 'NOT met'} — ${fmt(long.heapMb.opened, 1)} MB opened, ${fmt(long.heapMb.scrolled, 1)} MB scrolled to the top (after a full GC)`,
    met: heap < 150,
  });
  const answer = long.newAnswer;
  if (answer === undefined) return lines;
  if (typeof answer === 'string') {
    lines.push({ line: `a new answer after 1,000 messages: not measured — ${answer}`, met: false });
  } else {
    const per = (rs: Result[]) =>
      (rs.reduce((a, r) => a + r.totalTaskMs, 0) / rs.reduce((a, r) => a + r.tokens, 0)) * 1000;
    const ratio = per(answer.long) / per(answer.empty);
    const longest = Math.max(...answer.long.map((r) => r.longestTaskMs));
    const over50 = answer.long.reduce((a, r) => a + r.tasksOver50, 0);
    lines.push({
      line: `a new answer after 1,000 messages costs ≤ 1.1× an empty chat's per token: ${ratio <= 1.1 ? 'met' : 'NOT met'} — ${fmt(per(answer.long), 1)} against ${fmt(per(answer.empty), 1)} ms of main thread per 1,000 tokens (${fmt(ratio, 2)}×; two answers each, measured in turn); longest task ${fmt(longest)} ms, ${over50} > 50 ms`,
      met: ratio <= 1.1,
    });
  }
  return lines;
}
