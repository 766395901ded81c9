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
}

/**
 * Libraries kept out of the browser on purpose, by a string their code always carries (it
 * survives minification: a class name zod sets on its errors).
 */
const FORBIDDEN: [name: string, marker: string][] = [['zod', 'ZodError']];

/** What a page fetched before `flow` finished. */
export interface PageJs {
  files: JsFile[];
  gzipBytes: number;
  rawBytes: number;
}

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type);
}

/**
 * Opens a fresh context (nothing cached), runs `flow` on a page and returns every JavaScript
 * response fetched until `flow` resolved — the page's own scripts and those of its workers.
 */
export async function measurePageJs(
  browser: Browser,
  flow: (page: Page, quiet: () => Promise<void>) => Promise<void>,
): Promise<PageJs> {
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
    await flow(page, quiet);
    measuring = false;
    const files = (await Promise.all(seen.values())).filter((f): f is JsFile => f !== null);
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      files,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    };
  } finally {
    await context.close();
  }
}
