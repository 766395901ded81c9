import type { LanguageFn } from 'highlight.js';

type Grammar = () => Promise<{ default: LanguageFn }>;

/**
 * The languages models write most, each grammar loaded with the first block in it: the core alone
 * is about a third of highlight.js with these grammars, and most answers' code is in one or two.
 */
export const GRAMMARS: Record<string, Grammar> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  go: () => import('highlight.js/lib/languages/go'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  python: () => import('highlight.js/lib/languages/python'),
  rust: () => import('highlight.js/lib/languages/rust'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

/**
 * The other names of those languages, as each grammar declares them (a unit test checks they
 * match), so a fence's name finds its grammar before the grammar is loaded.
 */
export const ALIASES: Record<string, string[]> = {
  bash: ['sh', 'zsh'],
  c: ['h'],
  cpp: ['cc', 'c++', 'h++', 'hpp', 'hh', 'hxx', 'cxx'],
  css: [],
  diff: ['patch'],
  go: ['golang'],
  java: ['jsp'],
  javascript: ['js', 'jsx', 'mjs', 'cjs'],
  json: ['jsonc', 'json5'],
  markdown: ['md', 'mkdown', 'mkd'],
  python: ['py', 'gyp', 'ipython'],
  rust: ['rs'],
  shell: ['console', 'shellsession'],
  sql: [],
  typescript: ['ts', 'tsx', 'mts', 'cts'],
  xml: ['html', 'xhtml', 'rss', 'atom', 'xjb', 'xsd', 'xsl', 'plist', 'wsf', 'svg'],
  yaml: ['yml'],
};

const BY_NAME = new Map<string, string>(
  Object.entries(ALIASES).flatMap(([name, aliases]) => [
    [name, name],
    ...aliases.map((alias): [string, string] => [alias, name]),
  ]),
);

/** The grammar a fence's language name means, or undefined when Runnel does not highlight it. */
export function grammarFor(language: string | undefined): string | undefined {
  return language ? BY_NAME.get(language.toLowerCase()) : undefined;
}
