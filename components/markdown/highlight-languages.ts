import type { LanguageFn } from 'highlight.js';
import { onDemand, type OnDemand } from '../ui/on-demand';

type Grammar = OnDemand<{ default: LanguageFn }>;

/**
 * The languages models write most, each grammar loaded with the first block in it: the core alone
 * is about a third of highlight.js with these grammars, and most answers' code is in one or two.
 */
export const GRAMMARS: Record<string, Grammar> = {
  bash: onDemand(() => import('highlight.js/lib/languages/bash')),
  c: onDemand(() => import('highlight.js/lib/languages/c')),
  cpp: onDemand(() => import('highlight.js/lib/languages/cpp')),
  css: onDemand(() => import('highlight.js/lib/languages/css')),
  diff: onDemand(() => import('highlight.js/lib/languages/diff')),
  go: onDemand(() => import('highlight.js/lib/languages/go')),
  java: onDemand(() => import('highlight.js/lib/languages/java')),
  javascript: onDemand(() => import('highlight.js/lib/languages/javascript')),
  json: onDemand(() => import('highlight.js/lib/languages/json')),
  markdown: onDemand(() => import('highlight.js/lib/languages/markdown')),
  python: onDemand(() => import('highlight.js/lib/languages/python')),
  rust: onDemand(() => import('highlight.js/lib/languages/rust')),
  shell: onDemand(() => import('highlight.js/lib/languages/shell')),
  sql: onDemand(() => import('highlight.js/lib/languages/sql')),
  typescript: onDemand(() => import('highlight.js/lib/languages/typescript')),
  xml: onDemand(() => import('highlight.js/lib/languages/xml')),
  yaml: onDemand(() => import('highlight.js/lib/languages/yaml')),
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
