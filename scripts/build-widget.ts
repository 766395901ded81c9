/**
 * Builds the widget loader: `widget/loader.ts` → `public/widget.js` (one minified file, no
 * dependencies), prints its raw and gzipped size and fails above its 3 KB gzipped budget (a
 * script every page of a host site loads must cost next to nothing; docs/embedding.md). `npm run build` runs it before `next build`; `scripts/build-widget.test.ts` checks the
 * budget in the unit tests too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The gzipped size the loader must stay within. */
export const WIDGET_BUDGET_BYTES = 3 * 1024;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WIDGET_ENTRY = resolve(root, 'widget/loader.ts');
const WIDGET_OUTPUT = resolve(root, 'public/widget.js');

export interface WidgetBundle {
  code: string;
  rawBytes: number;
  gzipBytes: number;
}

/** Bundles the loader in memory. */
export async function bundleWidget(): Promise<WidgetBundle> {
  const result = await build({
    entryPoints: [WIDGET_ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    // Browsers with shadow DOM, `??=` and CSSOM `all`: every current one.
    target: ['es2021'],
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return {
    code,
    rawBytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
  };
}

async function main() {
  const bundle = await bundleWidget();
  mkdirSync(dirname(WIDGET_OUTPUT), { recursive: true });
  writeFileSync(WIDGET_OUTPUT, bundle.code);
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
  console.log(
    `public/widget.js: ${bundle.rawBytes} B raw (${kb(bundle.rawBytes)}), ${bundle.gzipBytes} B gzipped (${kb(bundle.gzipBytes)}) — budget ${kb(WIDGET_BUDGET_BYTES)} gzipped`,
  );
  if (bundle.gzipBytes > WIDGET_BUDGET_BYTES) {
    console.error(
      `The widget loader is over its ${WIDGET_BUDGET_BYTES} B gzipped budget by ${bundle.gzipBytes - WIDGET_BUDGET_BYTES} B.`,
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
