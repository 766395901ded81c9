'use client';

import { useEffect, useRef, useState } from 'react';
import { MarkdownView } from '../markdown/markdown-view';

/**
 * Characters of Markdown a share page renders on the server, in the conversation's order; what
 * comes after is rendered in the viewer's browser. Rendering Markdown costs the server about a
 * second of CPU per MiB (more for one long answer), in one piece that holds every other request
 * up, and a share page is opened by whoever has the link, as often as they like: past this, a view
 * costs the server the snapshot's bytes, not its rendering, and the viewer's browser renders each
 * answer as it comes near the view. 64 KiB is a long conversation's worth of answers (about 0.1 s
 * of the server's CPU once warm, measured with `renderToString`).
 */
export const SERVER_MARKDOWN_CHARS = 64 * 1024;

/**
 * Whether each answer's Markdown (its reasoning and its text) is rendered on the server: those
 * that fit, in order, in `budget` characters; once one does not, none after it (the page reads
 * top to bottom). A question is plain text, rendered on the server whatever its length.
 */
export function serverRendered(
  messages: readonly { role: string; content: string; reasoning?: string }[],
  budget = SERVER_MARKDOWN_CHARS,
): boolean[] {
  let left = budget;
  return messages.map((m) => {
    if (m.role === 'user') return true;
    left -= m.content.length + (m.reasoning?.length ?? 0);
    return left >= 0;
  });
}

/**
 * How far from the view an answer past the server's budget is rendered as Markdown: a long share
 * holds megabytes of answers, and rendering them all after hydration froze the viewer's tab for
 * seconds; rendered as the reader comes near, each costs its own moment.
 */
const RENDER_MARGIN = '1500px 0px';

/**
 * Markdown rendered in the browser only, once the reader comes near it: the server's HTML, and the
 * renders in the browser until then, show the source as plain text (hydration matches it).
 */
function BrowserMarkdown({ source }: { source: string }) {
  const [near, setNear] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: RENDER_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (!near)
    return (
      <div ref={box} className="whitespace-pre-wrap">
        {source}
      </div>
    );
  return <MarkdownView source={source} streaming={false} />;
}

/** A shared message's Markdown, rendered on the server or, past its budget, in the browser. */
export function ShareMarkdown({ source, onServer }: { source: string; onServer: boolean }) {
  return onServer ? (
    <MarkdownView source={source} streaming={false} />
  ) : (
    <BrowserMarkdown source={source} />
  );
}
