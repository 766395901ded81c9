/**
 * The baseline page of `npm run bench:render`, built by the benchmark itself so that neither the
 * page nor react-markdown is part of the app's production build. The page and its script are
 * served on the app's origin through Playwright's routing; its stream comes from the real app
 * (`/api/chat`) over real HTTP, and it uses the app's own stylesheet, as Runnel's page does.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';

const ENTRY = resolve(dirname(fileURLToPath(import.meta.url)), 'bench-render-baseline.tsx');
/** Where the page and its script appear on the app's origin. */
const PAGE_PATH = '/__bench/baseline';
const SCRIPT_PATH = '/__bench/baseline.js';

/** Bundles the baseline component, React and react-markdown into one production script. */
async function bundleBaseline(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The app's stylesheets, as its chat page links them. */
async function appStylesheets(appURL: string): Promise<string[]> {
  const html = await (await fetch(appURL)).text();
  return [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
}

/**
 * Builds the baseline page and serves it on `page`'s requests to the app's origin; returns its
 * address. Call before navigating; the same bundle is reused for every page given to it.
 */
export function baselinePageServer(appURL: string, model: string) {
  let built: Promise<{ script: string; html: string }> | undefined;
  const assets = () =>
    (built ??= Promise.all([bundleBaseline(), appStylesheets(appURL)]).then(([script, links]) => ({
      script,
      html: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Runnel render baseline</title>${links.join('')}</head>
<body class="min-h-dvh bg-white text-zinc-900 antialiased">
<div id="root" data-model="${model.replace(/[^\w:.-]/g, '')}"></div>
<script src="${SCRIPT_PATH}"></script>
</body>
</html>`,
    })));
  return {
    url: `${appURL}${PAGE_PATH}`,
    async serve(page: Page): Promise<void> {
      const { script, html } = await assets();
      await page.route(`${appURL}${PAGE_PATH}`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
      );
      await page.route(`${appURL}${SCRIPT_PATH}`, (route) =>
        route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: script }),
      );
    },
  };
}
