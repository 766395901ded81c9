'use client';

import { memo, useEffect, useState } from 'react';
import { codeFileName } from '@/lib/markdown/code-file-name';
import { IconButton } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { DownloadIcon } from '../ui/answer-action-icons';
import { Icon, type IconProps } from '../ui/icon';
import { onDemand } from '../ui/on-demand';
import { CodeFrame } from './code-frame';
import { cachedHighlight } from './highlight-cache';
import { whenIdle } from './idle';

// Drawn only by a code block's tools, so it comes with them (docs/performance.md).
/** Wrapped lines (code wrap). */
const WrapIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M4 12h13a3 3 0 0 1 0 6h-4m2-2-2 2 2 2M4 18h5" />
  </Icon>
);

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
 * once complete, syntax colours. Loaded on demand with the highlighter; until it is there the
 * block shows as its `CodeFrame` with the plain code.
 */
export const CodeBlock = memo(function CodeBlock({ code, language, highlight }: CodeBlockProps) {
  // A block starts the highlighter, and its language's grammar, while its code is still arriving.
  useEffect(
    () => whenIdle(() => void loadHighlighter().then((h) => h.warmUpHighlighter(language))),
    [language],
  );
  const html = useHighlighted(code, language, highlight);
  const [wrap, setWrap] = useState(false);
  return (
    <CodeFrame
      language={language}
      wrap={wrap}
      tools={
        <>
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
        </>
      }
    >
      {html !== null ? (
        <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <code>{code}</code>
      )}
    </CodeFrame>
  );
});
