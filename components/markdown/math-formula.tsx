'use client';

import katex from 'katex';
import 'katex/dist/katex.min.css';
import './math.css';

/**
 * KaTeX, set to run nothing a model wrote: `trust: false` refuses `\href`, `\url`,
 * `\includegraphics` and the `\html…` commands (they show as errors), `maxExpand` stops macro
 * bombs, `maxSize` bounds sizes, and a bad formula shows in red instead of throwing
 * (https://katex.org/docs/options).
 */
const OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxExpand: 500,
  maxSize: 20,
  output: 'htmlAndMathml',
} as const;

/** Longer sources are left as text: typesetting them would hold the page up. */
const MAX_SOURCE = 8_000;

/** Typeset formulas by source (`$` or `$$` first): an answer re-renders while it streams. */
const cache = new Map<string, string>();

function typeset(tex: string, display: boolean): string {
  const key = `${display ? '$$' : '$'}${tex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, { ...OPTIONS, displayMode: display });
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}

/**
 * One formula, typeset by KaTeX. Loaded with the first formula an answer shows, never with the
 * page (docs/performance.md). KaTeX escapes every piece of the source it puts in its markup.
 */
export function MathFormula({ tex, display, raw }: { tex: string; display: boolean; raw: string }) {
  if (tex.length > MAX_SOURCE) return raw;
  // A span either way: a display formula may sit inside a paragraph (KaTeX's own display markup
  // is a block-level span).
  return <span className="math" dangerouslySetInnerHTML={{ __html: typeset(tex, display) }} />;
}
