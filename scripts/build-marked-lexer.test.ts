import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Lexer } from 'marked';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleLexer,
  markedSources,
  withoutBreaks,
  withoutInstanceOptions,
  withoutPedantic,
  withoutPedanticBranches,
  withoutStaticMembers,
  withoutUnusedOtherRules,
} from './build-marked-lexer';

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
    // Its pedantic grammars were cut: asking for them fails instead of lexing with other rules.
    expect(() => new bundled.Lexer({ pedantic: true }).lex('*a*')).toThrow();
    // So was the line-breaks variant of GFM.
    expect(() => new bundled.Lexer({ gfm: true, breaks: true }).lex('a\nb')).toThrow();
    // No parser, renderer or Marked instance came along.
    expect(code).not.toContain('An error occurred');
    expect(code.length).toBeLessThan(45_000);
  });
});

describe('withoutPedantic', () => {
  it("cuts every pedantic grammar from marked's rules and nothing else", () => {
    const rules = markedSources().get('rules.ts')!;
    const cut = withoutPedantic(rules);
    expect(rules).toContain('blockPedantic');
    expect(cut).not.toMatch(/blockPedantic|inlinePedantic|emStrong\w*Pedantic/);
    expect(cut).toContain('const blockGfm');
    expect(cut).toContain('const inlineBreaks');
  });

  it('stops the build when a marker is gone', () => {
    expect(() => withoutPedantic('export const block = {};')).toThrow(/rules\.ts changed/);
  });
});

describe('withoutBreaks', () => {
  it("cuts the line-breaks inline grammar from marked's rules and nothing else", () => {
    const rules = markedSources().get('rules.ts')!;
    const cut = withoutBreaks(rules);
    expect(rules).toContain('const inlineBreaks');
    expect(cut).not.toContain('inlineBreaks');
    expect(cut).toContain('const inlineGfm');
    expect(cut).toContain('pedantic: inlinePedantic');
  });

  it('stops the build when a marker is gone', () => {
    expect(() => withoutBreaks('export const inline = {};')).toThrow(/rules\.ts changed/);
  });
});

describe('withoutPedanticBranches', () => {
  it("makes every pedantic test of marked's tokenizer false", () => {
    const tokenizer = markedSources().get('Tokenizer.ts')!;
    expect(tokenizer).toContain('this.options.pedantic');
    expect(withoutPedanticBranches(tokenizer)).not.toContain('options.pedantic');
  });

  it('stops the build when the tokenizer no longer reads the option', () => {
    expect(() => withoutPedanticBranches('export class _Tokenizer {}')).toThrow(/changed/);
  });
});

describe('withoutInstanceOptions', () => {
  it("reads marked's lexer hooks and silent mode as absent", () => {
    const lexer = markedSources().get('Lexer.ts')!;
    expect(lexer).toContain('this.options.hooks');
    expect(lexer).toContain('this.options.silent');
    const out = withoutInstanceOptions(lexer);
    expect(out).not.toContain('options.hooks');
    expect(out).not.toContain('options.silent');
  });

  it('stops the build when the lexer no longer reads them', () => {
    expect(() => withoutInstanceOptions('export class _Lexer {}')).toThrow(/changed/);
  });
});

describe('withoutUnusedOtherRules', () => {
  const rules = [
    'export const other = {',
    '  read: /a/,',
    '  readByName: /b/,',
    '  neverRead: /c/,',
    '};',
  ].join('\n');

  it('leaves out the expressions of `other` that the bundled code never reads', () => {
    const cut = withoutUnusedOtherRules(
      rules,
      'read:/a/,readByName:/b/,neverRead:/c/;x.read;y["readByName"]',
    );
    expect(cut).toContain('read: /a/');
    expect(cut).toContain('readByName: /b/');
    expect(cut).not.toContain('neverRead');
  });

  it('stops the build when the table is gone', () => {
    expect(() => withoutUnusedOtherRules('export const block = {};', '')).toThrow(/changed/);
  });
});

describe('withoutStaticMembers', () => {
  it("cuts the static members of marked's lexer and nothing else", () => {
    const lexer = markedSources().get('Lexer.ts')!;
    const cut = withoutStaticMembers(lexer);
    expect(lexer).toContain('static lex');
    expect(cut).not.toMatch(/\bstatic\b/);
    expect(cut).toContain('  lex(src: string)');
  });

  it('stops the build when a marker is gone', () => {
    expect(() => withoutStaticMembers('export class _Lexer {}')).toThrow(/changed/);
  });
});
