import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file under `dir` (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('lib/server', () => {
  it('every module imports server-only, so a browser bundle that pulls one in fails the build', () => {
    const root = import.meta.dirname;
    const missing = sources(root)
      .filter((file) => !/^import 'server-only';$/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(missing).toEqual([]);
  });
});
