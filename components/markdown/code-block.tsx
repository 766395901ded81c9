'use client';

import { memo, useMemo } from 'react';
import { CopyButton } from '../ui/copy-button';
import { highlightCode } from './highlight';

export interface CodeBlockProps {
  code: string;
  language?: string;
  /** The fence is closed: highlight now (never while the code is still arriving). */
  highlight: boolean;
}

/** A fenced code block with its language, a copy button and, once complete, syntax colours. */
export const CodeBlock = memo(function CodeBlock({ code, language, highlight }: CodeBlockProps) {
  const html = useMemo(() => (highlight ? highlightCode(code, language) : null), [code, language, highlight]);
  return (
    <div className="code-block not-prose group relative my-4 overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-center justify-between border-b border-zinc-200 py-1 pl-4 pr-1 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <span className="font-mono">{language || 'text'}</span>
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre className="overflow-x-auto px-4 py-3 text-[13px] leading-relaxed">
        {html !== null ? (
          <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <code>{code}</code>
        )}
      </pre>
    </div>
  );
});
