/**
 * The reference of `npm run check:bundle`: a blank Next.js page built the same way as the app —
 * the same `next`, `react` and `react-dom` (this repository's node_modules), the same
 * `next.config.ts`, `next build` — so that what the framework alone costs a browser is subtracted
 * and the budget measures only Runnel's own JavaScript.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Inside the repository (git-ignored), not in the system's temp folder: Turbopack resolves
 * packages only within its root, which is this repository (found by its lockfile), so the blank
 * app uses this repository's node_modules without a copy or an install.
 */
const BLANK_DIR = resolve('.runnel/blank-next');

/** The blank app's files: a root layout and a page that shows a line of text, no client code. */
const FILES: Record<string, string> = {
  'app/layout.jsx': `export const metadata = { title: 'Blank' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.jsx': `export default function Page() {
  return <main>Blank</main>;
}
`,
};

/**
 * What the blank build depends on. A build is reused only when this key is unchanged (a local
 * re-run); a fresh checkout, as in CI, always builds it.
 */
function buildKey(): string {
  const version = (name: string) =>
    (require(`${name}/package.json`) as { version: string }).version;
  return createHash('sha256')
    .update(
      JSON.stringify({
        next: version('next'),
        react: version('react'),
        reactDom: version('react-dom'),
        config: readFileSync('next.config.ts', 'utf8'),
        files: FILES,
      }),
    )
    .digest('hex');
}

/** Builds the blank app (or reuses a build with the same key) and returns its folder. */
export function buildBlankApp(): string {
  const key = buildKey();
  const stamp = join(BLANK_DIR, 'build-key');
  if (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === key &&
    existsSync(join(BLANK_DIR, '.next/BUILD_ID'))
  ) {
    return BLANK_DIR;
  }
  rmSync(BLANK_DIR, { recursive: true, force: true });
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(BLANK_DIR, path, '..'), { recursive: true });
    writeFileSync(join(BLANK_DIR, path), text);
  }
  writeFileSync(join(BLANK_DIR, 'next.config.ts'), readFileSync('next.config.ts'));
  const started = Date.now();
  const result = spawnSync('npx', ['next', 'build', BLANK_DIR], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`next build of the blank page failed:\n${result.stdout}\n${result.stderr}`);
  }
  writeFileSync(stamp, key);
  console.log(`built the blank Next page in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return BLANK_DIR;
}
