/**
 * `npm run check:bundle` (run by `npm test` after the build): how much JavaScript a browser
 * fetches for `/` and `/embed` up to the first answer shown, against a blank Next.js page built the
 * same way (scripts/check-bundle-blank.ts). Real Chromium, the built app under `next start`, a
 * question sent to the scenario backend over real HTTP. Prints a table and the largest files, and
 * exits non-zero when a route's difference is over its budget. docs/performance.md says why.
 */
import { spawn } from 'node:child_process';
import { chromium, expect, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../testing/stack/chromium';
import { freePort } from '../testing/stack/free-port';
import { startStack } from '../testing/stack/stack';
import { buildBlankApp } from './check-bundle-blank';
import { measurePageJs, type PageFlow, type PageJs } from './check-bundle-measure';
import { stopApp, waitForUrl } from './bench-render-lib';

/** 1 KB = 1,000 bytes of gzip. */
const KB = 1_000;

/** Gzipped JavaScript a route may fetch beyond the blank page, up to its first answer. */
const BUDGETS: Record<string, number> = { '/': 70 * KB, '/embed': 45 * KB };

const QUESTION = 'What is 6 × 7?';

/**
 * Opens `url` in a page where the chat shows, asks a question and waits until its answer shows
 * complete; resolves to that moment, as the page saw it.
 */
function chatFlow(url: string): PageFlow {
  return async (page: Page, quiet: () => Promise<void>) => {
    await page.goto(url);
    const message = page.getByRole('textbox', { name: 'Message' });
    await expect(message).toBeVisible({ timeout: 30_000 });
    await quiet();
    await message.fill(QUESTION);
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
    // Notes the moment the answer turns complete from a MutationObserver, which runs right after
    // the DOM change, before any idle or timer work the change starts.
    await page.evaluate(() => {
      const w = window as unknown as { __shownAt?: number };
      new MutationObserver((_, observer) => {
        const answers = document.querySelectorAll('article[data-role="assistant"]');
        if (answers[answers.length - 1]?.getAttribute('data-status') !== 'complete') return;
        w.__shownAt = Date.now();
        observer.disconnect();
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await message.press('Enter');
    const shown = await page.waitForFunction(
      () => (window as unknown as { __shownAt?: number }).__shownAt ?? 0,
      undefined,
      { timeout: 30_000 },
    );
    const shownAt = (await shown.jsonValue()) as number;
    await expect(page.locator('article[data-role="assistant"]').last()).toContainText('42');
    return shownAt;
  };
}

function blankFlow(url: string): PageFlow {
  return async (page: Page, quiet: () => Promise<void>) => {
    await page.goto(url);
    await expect(page.getByText('Blank')).toBeVisible();
    await quiet();
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) {
    console.log(
      row.map((cell, i) => (i ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  '),
    );
  }
}

function printFiles(route: string, js: PageJs, count = 8): void {
  console.log(`\n${route}: ${js.files.length} files, largest first (gzip / raw)`);
  for (const f of js.files.slice(0, count)) {
    console.log(
      `  ${kb(f.gzipBytes).padStart(9)} ${kb(f.rawBytes).padStart(9)}  ${new URL(f.url).pathname}`,
    );
  }
}

async function main(): Promise<number> {
  const blankDir = buildBlankApp();
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    const stack = await startStack();
    cleanups.push(() => stack.stop());
    const blankPort = await freePort();
    const blank = spawn(
      'npx',
      ['next', 'start', blankDir, '-H', '127.0.0.1', '-p', String(blankPort)],
      {
        stdio: 'ignore',
        detached: true,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      },
    );
    cleanups.push(() => stopApp(blank));
    const blankURL = `http://127.0.0.1:${blankPort}`;
    if (!(await waitForUrl(blankURL, 60_000))) throw new Error('the blank page did not start');

    const browser = await chromium.launch(chromiumLaunchOptions());
    cleanups.push(() => browser.close());
    const blankJs = await measurePageJs(browser, blankFlow(blankURL));
    const routes: [string, PageJs][] = [];
    for (const route of Object.keys(BUDGETS)) {
      routes.push([route, await measurePageJs(browser, chatFlow(`${stack.appURL}${route}`))]);
    }

    console.log('\nJavaScript fetched up to the first answer shown (gzip):\n');
    const rows = [['route', 'total', 'blank Next page', 'difference', 'budget', '']];
    let over = 0;
    for (const [route, js] of routes) {
      const difference = js.gzipBytes - blankJs.gzipBytes;
      const budget = BUDGETS[route]!;
      if (difference > budget) over++;
      rows.push([
        route,
        kb(js.gzipBytes),
        kb(blankJs.gzipBytes),
        kb(difference),
        kb(budget),
        difference > budget ? `OVER by ${kb(difference - budget)}` : 'ok',
      ]);
    }
    printTable(rows);
    printFiles('blank', blankJs, 4);
    for (const [route, js] of routes) {
      printFiles(route, js);
      if (!js.later.length) continue;
      const later = js.later.reduce((total, f) => total + f.gzipBytes, 0);
      console.log(`  then, once the answer had shown (not counted): ${kb(later)} in`);
      for (const f of js.later) {
        console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${new URL(f.url).pathname}`);
      }
    }
    const forbidden = routes.flatMap(([route, js]) =>
      js.files.flatMap((f) => f.forbidden.map((name) => `${route}: ${name} in ${f.url}`)),
    );
    for (const line of forbidden) console.error(`kept out of the browser, yet fetched — ${line}`);
    if (over) console.error(`\n${over} route(s) over budget.`);
    return over || forbidden.length ? 1 : 0;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
