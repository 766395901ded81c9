import type { ReactNode } from 'react';

/**
 * A code block's box: its language and, once loaded, its tools above the code. In the first load,
 * so a block's code shows in the frame it arrives, in its place and at its size; the tools (wrap,
 * download, copy) and the colours come with the highlighter (`CodeBlock`, loaded on demand).
 */
export function CodeFrame({
  language,
  wrap = false,
  tools,
  children,
}: {
  language: string | undefined;
  wrap?: boolean;
  tools?: ReactNode;
  /** The `<code>` element. */
  children: ReactNode;
}) {
  return (
    <div
      data-wrap={wrap}
      className="code-block not-prose group relative my-4 overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {/* At least the tools' height (h-8 buttons), so nothing moves when they arrive. */}
      <div className="flex min-h-10 items-center justify-between border-b border-zinc-200 py-1 pl-4 pr-1 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <span className="font-mono">{language || 'text'}</span>
        {tools && <span className="flex items-center">{tools}</span>}
      </div>
      <pre className="overflow-x-auto px-4 py-3 text-[13px] leading-relaxed">{children}</pre>
    </div>
  );
}
