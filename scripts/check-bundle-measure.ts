/**
 * How `npm run check:bundle` measures a page: the JavaScript a real Chromium fetches for it, each
 * response gzipped here at the level `next start` compresses with, so the blank page and the app
 * are counted the same way whatever the transport did.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';

/** One JavaScript file a page fetched. */
export interface JsFile {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  /** Libraries that must not reach the browser, found in this file (see `FORBIDDEN`). */
  forbidden: string[];
  /** When the browser started requesting it (ms since the epoch). */
  requestedAt: number;
}

/**
 * Libraries kept out of the browser on purpose, by a string their code always carries (it
 * survives minification: a class name zod sets on its errors).
 */
const FORBIDDEN: [name: string, marker: string][] = [['zod', 'ZodError']];

/** What a page fetched before the moment `flow` names, and what it fetched after. */
export interface PageJs {
  files: JsFile[];
  gzipBytes: number;
  rawBytes: number;
  /** Fetched after that moment, until the page went quiet: not counted in the sizes above. */
  later: JsFile[];
}

/**
 * Drives a page. It may resolve to the moment (a `Date.now()` read in the page) up to which
 * JavaScript counts — for the chat, when the first answer showed as complete; what the page
 * requests after it (work loaded in idle time once an answer has ended) is listed apart. Without
 * a moment, everything fetched until it resolves counts.
 */
export type PageFlow = (page: Page, quiet: () => Promise<void>) => Promise<number | void>;

const sum = (files: JsFile[], key: 'gzipBytes' | 'rawBytes') =>
  files.reduce((total, f) => total + f[key], 0);

/** The gzipped size of `files` together. */
export const totalGzip = (files: JsFile[]) => sum(files, 'gzipBytes');

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type);
}

/**
 * Opens a fresh context (nothing cached), runs `flow` on a page and returns every JavaScript
 * response fetched — the page's own scripts and those of its workers — split at the moment `flow`
 * resolves to (see `PageFlow`).
 */
export async function measurePageJs(browser: Browser, flow: PageFlow): Promise<PageJs> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const seen = new Map<string, Promise<JsFile | null>>();
  let inFlight = 0;
  let lastActivity = Date.now();
  let measuring = true;
  context.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  const settle = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  context.on('requestfailed', settle);
  context.on('requestfinished', settle);
  context.on('response', (response) => {
    if (!measuring || !isJavaScript(response) || seen.has(response.url())) return;
    seen.set(
      response.url(),
      response.body().then(
        (body) => ({
          url: response.url(),
          rawBytes: body.length,
          gzipBytes: gzipSync(body).length,
          forbidden: FORBIDDEN.filter(([, marker]) => body.includes(marker)).map(([name]) => name),
          requestedAt: response.request().timing().startTime,
        }),
        () => null,
      ),
    );
  });
  /**
   * Resolves once no request has been open for 800 ms: what a page loads while idle (after
   * hydration, on a timer) is fetched before a person has typed a question.
   */
  const quiet = async () => {
    for (;;) {
      if (inFlight <= 0 && Date.now() - lastActivity >= 800) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    const page = await context.newPage();
    const until = await flow(page, quiet);
    if (until !== undefined) await quiet();
    measuring = false;
    const all = (await Promise.all(seen.values())).filter((f): f is JsFile => f !== null);
    all.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const files = until === undefined ? all : all.filter((f) => f.requestedAt <= until);
    return {
      files,
      gzipBytes: sum(files, 'gzipBytes'),
      rawBytes: sum(files, 'rawBytes'),
      later: all.filter((f) => !files.includes(f)),
    };
  } finally {
    await context.close();
  }
}
