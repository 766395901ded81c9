'use client';

import { memo, useEffect, useState } from 'react';
import { codeFileName } from '@/lib/markdown/code-file-name';
import { IconButton } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { DownloadIcon, WrapIcon } from '../ui/conversation-icons';
import { onDemand } from '../ui/on-demand';
import { cachedHighlight } from './highlight-cache';
import { whenIdle } from './idle';

/**
 * The highlighter (the worker's plumbing) is loaded when a code block first needs it, not with the
 * page (docs/performance.md).
 */
const loadHighlighter = onDemand(() => import('./highlighter')).load;

interface CodeBlockProps {
  code: string;
  language?: string;
  /** The fence is closed: highlight now (never while the code is still arriving). */
  highlight: boolean;
}

/**
 * The highlighted HTML of a finished code block: at once when it was highlighted before, else
 * computed in a worker — never inside a streaming update, where a long block's highlighting would
 * hold up the frame.
 */
function useHighlighted(
  code: string,
  language: string | undefined,
  enabled: boolean,
): string | null {
  const [done, setDone] = useState<{ code: string; language?: string; html: string | null } | null>(
    null,
  );
  const cached = enabled ? cachedHighlight(code, language) : undefined;
  useEffect(() => {
    if (!enabled || cached !== undefined) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void loadHighlighter().then(({ requestHighlight }) => {
      if (stopped) return;
      stop = requestHighlight(code, language, (html) => setDone({ code, language, html }));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [code, language, enabled, cached]);
  if (!enabled) return null;
  if (cached !== undefined) return cached;
  return done && done.code === code && done.language === language ? done.html : null;
}

/** Saves the code as a file named after its language. */
function download(code: string, language: string | undefined): void {
  const url = URL.createObjectURL(new Blob([code], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = codeFileName(language);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A fenced code block with its language, buttons to wrap long lines, download and copy it, and,
 * once complete, syntax colours.
 */
export const CodeBlock = memo(function CodeBlock({ code, language, highlight }: CodeBlockProps) {
  // The first block of the page starts the highlighter while its code is still arriving.
  useEffect(() => whenIdle(() => void loadHighlighter().then((h) => h.warmUpHighlighter())), []);
  const html = useHighlighted(code, language, highlight);
  const [wrap, setWrap] = useState(false);
  return (
    <div
      data-wrap={wrap}
      className="code-block not-prose group relative my-4 overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between border-b border-zinc-200 py-1 pl-4 pr-1 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <span className="font-mono">{language || 'text'}</span>
        <span className="flex items-center">
          <IconButton
            label="Wrap lines"
            size="sm"
            aria-pressed={wrap}
            className={wrap ? 'bg-zinc-200! dark:bg-zinc-700!' : ''}
            onClick={() => setWrap(!wrap)}
          >
            <WrapIcon />
          </IconButton>
          <IconButton label="Download code" size="sm" onClick={() => download(code, language)}>
            <DownloadIcon />
          </IconButton>
          <CopyButton text={code} label="Copy code" />
        </span>
      </div>
      <pre className="overflow-x-auto px-4 py-3 text-[13px] leading-relaxed">
        {html !== null ? (
          <code
            className={`hljs language-${language}`}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <code>{code}</code>
        )}
      </pre>
    </div>
  );
});
