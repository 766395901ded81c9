/**
 * `npm run check:bundle` (run by `npm test` after the build): how much JavaScript a browser
 * fetches — for `/` when opened and then through a rich answer, for `/embed` when opened —
 * against a blank Next.js page built the same way (scripts/check-bundle-blank.ts). Real
 * Chromium, the built app under `next start`, questions sent to the scenario backend over real
 * HTTP. Prints the three figures and the largest files, and exits non-zero when a figure is over
 * its budget. docs/performance.md says why.
 */
import { spawn } from 'node:child_process';
import { chromium, expect, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../testing/stack/chromium';
import { freePort } from '../testing/stack/free-port';
import { startStack } from '../testing/stack/stack';
import { buildBlankApp } from './check-bundle-blank';
import { measurePageJs, totalGzip, type JsFile, type PageFlow } from './check-bundle-measure';
import { stopApp, waitForUrl } from './bench-render-lib';

/** 1 KB = 1,000 bytes of gzip. */
const KB = 1_000;

/** Gzipped JavaScript a page may fetch beyond the blank page, by what the page has shown. */
const BUDGETS = {
  /**
   * `/` opened, before a question: what every visitor pays. It measured 69.9–70.3 KB (by the
   * blank page's build) before the code its first load carried for nothing was cut, then
   * 69.4–69.5 KB against a blank page of 135.35 KB (docs/performance.md), 69.95 KB with the first
   * send spread over tasks, and 69.40 KB once the signed-in user's parts and the search's results
   * were loaded on demand: the blank page varies by up to 0.5 KB between builds, about all the
   * room that is left. It measured 70.00 KB before the code of a save merged with another tab's,
   * or of other tabs' changes, was loaded again after a failed load (70.08 KB with it): 0.1 KB
   * more, for answers a moment offline or a redeploy cannot lose.
   */
  firstLoad: 70.1 * KB,
  /** `/` through a rich answer (reasoning, a table, a code block), until the page is quiet. */
  richAnswer: 100 * KB,
  /**
   * `/embed` opened, before a question (what its first answer fetches after is printed). It
   * measured 44.7–45.1 KB, then 44.45 KB once the page's code it carried was cut
   * (docs/performance.md), and 44.99 KB before parts loaded on demand were fetched again after a
   * failure (45.03 KB with it): 0.1 KB more, for a page that a server's restart cannot take down;
   * 45.10 KB before the reader of stored conversations was loaded again after a failed load
   * (45.13 KB with it), so that a chunk that fails as the page opens cannot move its storage to
   * memory.
   */
  embed: 45.15 * KB,
};

const QUESTION = 'What is 6 × 7?';
/** The scenario backend's model whose answer has reasoning, a table and a code block. */
const RICH_MODEL = 'vllm:reasoning-markdown';

/**
 * Installs, before sending, a MutationObserver noting the moment the last answer shows as
 * complete; it runs right after that DOM change, before any idle or timer work the change starts.
 */
async function sendAndNoteCompletion(page: Page): Promise<number> {
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill(QUESTION);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __shownAt?: number };
    delete w.__shownAt;
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
  return (await shown.jsonValue()) as number;
}

/** Opens `url`, waits for the message box and for the page to be quiet. */
async function openQuiet(page: Page, url: string, quiet: () => Promise<void>): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 30_000 });
  await quiet();
}

/**
 * `/embed`: opens it and notes the moment it is quiet (its first load ends there), then asks a
 * question; what its first answer fetches is listed apart.
 */
function embedFlow(url: string): PageFlow {
  return async (page, quiet) => {
    await openQuiet(page, url, quiet);
    const loadedAt = await page.evaluate(() => Date.now());
    await sendAndNoteCompletion(page);
    await expect(page.locator('article[data-role="assistant"]').last()).toContainText('42');
    return loadedAt;
  };
}

/**
 * `/`: opens it and notes the moment it is quiet (its first load ends there), then picks the rich
 * model and asks; everything fetched until the page is quiet after that answer counts for the
 * second figure.
 */
function pageFlow(url: string): PageFlow {
  return async (page, quiet) => {
    await openQuiet(page, url, quiet);
    const loadedAt = await page.evaluate(() => Date.now());
    await page.getByRole('combobox', { name: /^Model: / }).click();
    await page.locator(`[role="option"][data-model-id="${RICH_MODEL}"]`).click();
    await sendAndNoteCompletion(page);
    const answer = page.locator('article[data-role="assistant"]').last();
    await expect(answer.locator('table')).toBeVisible();
    await expect(answer.locator('pre code.hljs')).toBeVisible({ timeout: 30_000 });
    return loadedAt;
  };
}

function blankFlow(url: string): PageFlow {
  return async (page: Page, quiet: () => Promise<void>) => {
    await page.goto(url);
    await expect(page.getByText('Blank')).toBeVisible();
    await quiet();
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) {
    console.log(
      row.map((cell, i) => (i ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  '),
    );
  }
}

function printFiles(title: string, files: JsFile[], count = 8): void {
  if (!files.length) return;
  console.log(
    `\n${title}: ${files.length} files (${kb(totalGzip(files))}), largest first (gzip / raw)`,
  );
  for (const f of files.slice(0, count)) {
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
    const page = await measurePageJs(browser, pageFlow(`${stack.appURL}/`));
    const embed = await measurePageJs(browser, embedFlow(`${stack.appURL}/embed`));
    const pageThrough = [...page.files, ...page.later];
    const figures: [label: string, bytes: number, budget: number][] = [
      ['/ first load', page.gzipBytes, BUDGETS.firstLoad],
      ['/ through a rich answer', totalGzip(pageThrough), BUDGETS.richAnswer],
      ['/embed first load', embed.gzipBytes, BUDGETS.embed],
    ];

    console.log('\nJavaScript fetched (gzip), over a blank Next page:\n');
    const rows = [['page', 'total', 'blank Next page', 'difference', 'budget', '']];
    let over = 0;
    for (const [label, bytes, budget] of figures) {
      const difference = bytes - blankJs.gzipBytes;
      if (difference > budget) over++;
      rows.push([
        label,
        kb(bytes),
        kb(blankJs.gzipBytes),
        kb(difference),
        kb(budget),
        difference > budget ? `OVER by ${kb(difference - budget)}` : 'ok',
      ]);
    }
    printTable(rows);
    printFiles('blank', blankJs.files, 4);
    printFiles('/ first load', page.files);
    printFiles('/ then, through the rich answer', page.later);
    printFiles('/embed first load', embed.files);
    printFiles('/embed then, through its first answer (not counted)', embed.later);
    const routes: [string, JsFile[]][] = [
      ['/', pageThrough],
      ['/embed', [...embed.files, ...embed.later]],
    ];
    const forbidden = routes.flatMap(([route, files]) =>
      files.flatMap((f) => f.forbidden.map((name) => `${route}: ${name} in ${f.url}`)),
    );
    for (const line of forbidden) console.error(`kept out of the browser, yet fetched — ${line}`);
    if (over) console.error(`\n${over} figure(s) over budget.`);
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
