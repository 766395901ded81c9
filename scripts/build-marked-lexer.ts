/**
 * Builds marked's lexer alone: `.runnel/marked-lexer.js`, which the Next build puts in place of
 * `marked` (`turbopack.resolveAlias` in next.config.ts). Runnel only lexes (lib/markdown renders
 * marked's tokens itself), but marked ships one pre-bundled file whose top level builds a `Marked`
 * instance, so its HTML parser, renderers and hooks (~3 KB gzipped) reached every page however
 * little was imported. The lexer is bundled from marked's own TypeScript sources, as published in
 * the package's source map: the same code, without the parts nothing calls. `npm run build` and
 * `npm run dev` run it first; the unit tests use marked itself (docs/performance.md).
 *
 * Runnel lexes GitHub-flavoured Markdown only (`{ gfm: true }`), so the grammars of marked's
 * `pedantic` mode (the original Markdown.pl rules) are cut from `rules.ts` before bundling: about
 * 0.45 KB gzipped of regular expressions built at load time that no answer uses. A lexer asked for
 * `pedantic` fails rather than lex with the wrong rules. So is the `breaks` variant of the GFM
 * inline grammar (a single newline as a line break), which Runnel never asks for (0.06 KB); the
 * tokenizer's own pedantic branches are dropped as dead code (0.14 KB), with the expressions only
 * they and marked's renderer read (0.16 KB), and the lexer's static members (0.05 KB).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LEXER_OUTPUT = resolve(root, '.runnel/marked-lexer.js');

/** marked's sources by file name (`Lexer.ts`, `rules.ts`, …), from its published source map. */
export function markedSources(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const esm = require.resolve('marked');
  const map = JSON.parse(readFileSync(`${esm}.map`, 'utf8')) as {
    sources: string[];
    sourcesContent?: (string | null)[];
  };
  const sources = new Map<string, string>();
  map.sources.forEach((source, i) => {
    const content = map.sourcesContent?.[i];
    if (content) sources.set(source.split('/').pop()!, content);
  });
  if (!sources.has('Lexer.ts')) throw new Error(`marked's source map has no Lexer.ts (${esm}.map)`);
  return sources;
}

/** Serves `./X.ts` imports from marked's sources; type-only files are not needed at run time. */
function markedSourcesPlugin(sources: Map<string, string>): Plugin {
  return {
    name: 'marked-sources',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => ({
        path: args.path.replace(/^\.\//, ''),
        namespace: 'marked',
      }));
      b.onLoad({ filter: /.*/, namespace: 'marked' }, (args) => {
        const contents = sources.get(args.path);
        if (contents === undefined) throw new Error(`marked source ${args.path} is missing`);
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * `rules.ts` without the pedantic grammars: each cut runs from a marker to the next one, and a
 * marker that is missing (a marked release that moved them) stops the build with its name, so the
 * cuts are revisited rather than silently skipped.
 */
export function withoutPedantic(rules: string): string {
  const cuts: [from: string, to: string][] = [
    ['/**\n * Pedantic grammar', '/**\n * Inline-Level Grammar'],
    ['// Pedantic: do not treat', 'const emStrongRDelimAstCore'],
    ['// Pedantic: rule 3 requires', 'const emStrongRDelimUnd ='],
    ['// Pedantic: same rule 3/6', 'const delLDelim'],
    ['/**\n * Pedantic Inline Grammar', '/**\n * GFM Inline Grammar'],
  ];
  let out = rules;
  for (const [from, to] of cuts) {
    const start = out.indexOf(from);
    const end = start < 0 ? -1 : out.indexOf(to, start);
    if (end < 0)
      throw new Error(
        `marked's rules.ts changed: "${from.trim()}" not found before "${to.trim()}"`,
      );
    out = out.slice(0, start) + out.slice(end);
  }
  for (const entry of ['  pedantic: blockPedantic,\n', '  pedantic: inlinePedantic,\n']) {
    if (!out.includes(entry))
      throw new Error(`marked's rules.ts changed: "${entry.trim()}" not found`);
    out = out.replace(entry, '');
  }
  if (/Pedantic\b/.test(out.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''))) {
    throw new Error("marked's rules.ts changed: a pedantic grammar is still referenced");
  }
  return out;
}

/**
 * `rules.ts` without the GFM + line breaks inline grammar (`{ breaks: true }`), cut like the
 * pedantic ones: a missing marker stops the build.
 */
export function withoutBreaks(rules: string): string {
  const from = '/**\n * GFM + Line Breaks Inline Grammar';
  const to = '/**\n * exports';
  const entry = '  breaks: inlineBreaks,\n';
  const start = rules.indexOf(from);
  const end = start < 0 ? -1 : rules.indexOf(to, start);
  if (end < 0 || !rules.includes(entry))
    throw new Error(`marked's rules.ts changed: the breaks grammar is not where it was`);
  const out = (rules.slice(0, start) + rules.slice(end)).replace(entry, '');
  if (/inlineBreaks/.test(out.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''))) {
    throw new Error("marked's rules.ts changed: the breaks grammar is still referenced");
  }
  return out;
}

/**
 * `Tokenizer.ts` with its pedantic branches dead: each `this.options.pedantic` reads `false`, so
 * the minifier drops them. The lexer itself still selects its grammars by the options (and fails
 * for `pedantic`, whose grammars are cut), so no other mode lexes with half of GFM's rules.
 */
export function withoutPedanticBranches(tokenizer: string): string {
  const flag = /this\.options\.pedantic\b/g;
  if (!flag.test(tokenizer))
    throw new Error("marked's Tokenizer.ts changed: it no longer reads this.options.pedantic");
  return tokenizer.replace(flag, 'false');
}

/**
 * `Lexer.ts` without its static members (`rules`, `lex`, `lexInline`): marked's `Marked` instance
 * and hooks call them, and neither is bundled; Runnel makes a lexer and calls `lex` on it.
 */
export function withoutStaticMembers(lexer: string): string {
  const from = '  /**\n   * Expose Rules';
  const to = '  /**\n   * Preprocessing';
  const start = lexer.indexOf(from);
  const end = start < 0 ? -1 : lexer.indexOf(to, start);
  if (end < 0)
    throw new Error("marked's Lexer.ts changed: its static members are not where they were");
  const out = lexer.slice(0, start) + lexer.slice(end);
  if (/\bstatic\b/.test(out)) throw new Error("marked's Lexer.ts changed: a static member is left");
  return out;
}

/**
 * `Lexer.ts` with the options only marked's `Marked` instance passes read as absent: `hooks` (its
 * `emStrongMask`) and `silent` (log an infinite loop instead of throwing). Runnel gives its lexers
 * neither, so the minifier drops what reads them.
 */
export function withoutInstanceOptions(lexer: string): string {
  let out = lexer;
  for (const [option, absent] of [
    ['hooks', 'undefined'],
    ['silent', 'false'],
  ] as const) {
    const read = new RegExp(`this\\.options\\.${option}\\b`, 'g');
    if (!read.test(out))
      throw new Error(`marked's Lexer.ts changed: it no longer reads this.options.${option}`);
    out = out.replace(read, absent);
  }
  return out;
}

/**
 * `rules.ts` with the shared expressions of its `other` table that `bundled` never names left out:
 * once the pedantic code is gone, and with the renderer's helpers never bundled, about a dozen of
 * them (escaping, the pedantic heading and link title) were built at load time for nothing. A key
 * is kept wherever its name appears other than as a definition, however it is read.
 */
export function withoutUnusedOtherRules(rules: string, bundled: string): string {
  const start = rules.indexOf('export const other = {');
  const end = start < 0 ? -1 : rules.indexOf('\n};', start);
  if (end < 0) throw new Error("marked's rules.ts changed: no `other` table");
  const table = rules.slice(start, end);
  const unused = (line: string) => {
    const key = /^ {2}(\w+): .*,$/.exec(line)?.[1];
    // Read anywhere (`.key`, `["key"]`, …) unless every mention is a definition (`key:`).
    return key !== undefined && !new RegExp(`\\b${key}\\b(?!:)`).test(bundled);
  };
  const kept = table.split('\n').filter((line) => !unused(line));
  return rules.slice(0, start) + kept.join('\n') + rules.slice(end);
}

/** Bundles the lexer from `sources` (marked's, with `entry.ts` naming what to export). */
async function bundle(sources: Map<string, string>): Promise<string> {
  const result = await build({
    entryPoints: ['entry.ts'],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    plugins: [markedSourcesPlugin(sources)],
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * Bundles `Lexer` (marked's public name for `_Lexer`) in memory: once to learn which of `other`'s
 * expressions the code reads, then without the others.
 */
export async function bundleLexer(): Promise<string> {
  const sources = markedSources();
  sources.set('rules.ts', withoutBreaks(withoutPedantic(sources.get('rules.ts') ?? '')));
  sources.set('Tokenizer.ts', withoutPedanticBranches(sources.get('Tokenizer.ts') ?? ''));
  sources.set(
    'Lexer.ts',
    withoutInstanceOptions(withoutStaticMembers(sources.get('Lexer.ts') ?? '')),
  );
  sources.set('entry.ts', "export { _Lexer as Lexer } from './Lexer.ts';\n");
  sources.set('rules.ts', withoutUnusedOtherRules(sources.get('rules.ts')!, await bundle(sources)));
  const code = await bundle(sources);
  // marked is MIT-licensed: its notice travels with the code.
  return `/*! marked's lexer, bundled from marked's sources (MIT) by scripts/build-marked-lexer.ts */\n${code}`;
}

async function main() {
  const code = await bundleLexer();
  mkdirSync(dirname(LEXER_OUTPUT), { recursive: true });
  writeFileSync(LEXER_OUTPUT, code);
  console.log(
    `.runnel/marked-lexer.js: ${Buffer.byteLength(code)} B raw, ${gzipSync(code).length} B gzipped`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
