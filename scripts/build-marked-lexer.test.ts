import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Lexer } from 'marked';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLexer } from './build-marked-lexer';

const dir = mkdtempSync(join(tmpdir(), 'runnel-lexer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SAMPLES = [
  '# Title\n\nSome *em*, **strong**, `code`, ~~gone~~ and [a link](https://example.com "t").\n',
  '| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [ ] task\n- [x] done\n  - nested\n\n1. one\n2. two\n',
  '```ts\nconst x = 1;\n```\n\n    indented\n\n> quote\n> more\n\n***\n\nSetext\n===\n',
  '<div>raw</div>\n\n[ref]: https://example.com\n\nSee [ref] and https://auto.link or www.x.org.\n',
  'line one  \nline two\\\nthree &amp; &#42; &copy;\n\n*unclosed **mix* of_under_scores_\n',
];

describe("marked's lexer, bundled alone", () => {
  it('lexes exactly as marked does, at a fraction of its size', async () => {
    const code = await bundleLexer();
    const file = join(dir, 'marked-lexer.mjs');
    writeFileSync(file, code);
    const bundled = (await import(pathToFileURL(file).href)) as { Lexer: typeof Lexer };
    for (const sample of SAMPLES) {
      expect(new bundled.Lexer({ gfm: true }).lex(sample)).toEqual(
        new Lexer({ gfm: true }).lex(sample),
      );
    }
    // No parser, renderer or Marked instance came along.
    expect(code).not.toContain('An error occurred');
    expect(code.length).toBeLessThan(45_000);
  });
});
