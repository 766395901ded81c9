'use client';

import { useId, type CSSProperties } from 'react';
import type { AssistantMessage } from '@/lib/browser/chat/message';
import { IconButton } from '../ui/button';
import { useFiguresShown } from '../store/use-figures-shown';
import { DotsIcon } from '../ui/answer-action-icons';
import { usageItems, type UsageItem } from './usage-items';

// Labels and values keep at least 4.5:1 against the page in both themes (WCAG AA for small text).
const LABEL = 'text-zinc-600 dark:text-zinc-400';
const VALUE = 'tabular-nums text-zinc-800 dark:text-zinc-200';

function Item({
  item,
  className = '',
  title,
}: {
  item: UsageItem;
  className?: string;
  title?: string;
}) {
  return (
    <span className={`whitespace-nowrap ${className}`} {...(title ? { title } : {})}>
      <span className={LABEL}>{item.label} </span>
      <span className={VALUE}>{item.value}</span>
    </span>
  );
}

/**
 * Every figure, in a native popover (the browser gives it Escape, light dismiss and the button's
 * expanded state). Where CSS anchor positioning exists it opens above the button, elsewhere in the
 * middle of the screen.
 */
function AllFigures({ items }: { items: UsageItem[] }) {
  const id = useId();
  const anchor = `--figures-${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <>
      <IconButton
        label="All figures"
        size="sm"
        popoverTarget={id}
        className="-my-1.5 h-7! w-7!"
        style={{ anchorName: anchor } as CSSProperties}
      >
        <DotsIcon />
      </IconButton>
      <dl
        id={id}
        popover="auto"
        role="group"
        aria-label="Answer figures"
        style={{ positionAnchor: anchor, positionArea: 'top span-right' } as CSSProperties}
        className="m-auto w-60 open:grid max-w-[calc(100vw-2rem)] grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-zinc-200 bg-white p-3 text-xs text-zinc-900 shadow-xl supports-[position-area:top]:m-0 supports-[position-area:top]:mb-1 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {items.map((item) => (
          <div key={item.label} className="contents">
            <dt className={LABEL}>{item.label}</dt>
            <dd className={`${VALUE} text-right`}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * The figures under an answer, live while it streams, on one short line whatever the width:
 * tokens, speed and time to first token as the reader waited for it (the server's own in its
 * tooltip). Every other figure (prompt, reasoning, credits) is behind "All figures". Nothing at all
 * when there is nothing to count (an answer that failed before its first token).
 */
export function UsageLine({
  message,
  creditUnit,
}: {
  message: AssistantMessage;
  creditUnit?: string;
}) {
  // The reader may hide the figures (display settings): the line's own choice, read here so that a
  // page without the line (the widget, unless asked) never loads it.
  const [figuresShown] = useFiguresShown();
  const items = usageItems(message, creditUnit);
  const server = items.find((i) => i.label === 'Server TTFT');
  if (!figuresShown || !items.length) return null;
  return (
    <div
      data-testid="usage"
      data-usage-final={message.usageFinal ? 'true' : 'false'}
      {...(message.usage
        ? {
            'data-prompt-tokens': message.usage.prompt_tokens,
            'data-completion-tokens': message.usage.completion_tokens,
          }
        : {})}
      className="flex min-w-0 flex-nowrap items-center justify-end gap-x-3 overflow-hidden text-xs"
    >
      {items
        .filter((i) => i.primary)
        .map((item, n) => (
          <Item
            key={item.label}
            item={item}
            // The narrowest screens keep the first two; the popover has the rest.
            className={n > 1 ? 'hidden min-[400px]:inline' : ''}
            {...(item.label === 'TTFT' && server ? { title: `Server: ${server.value}` } : {})}
          />
        ))}
      <span className="shrink-0">
        <AllFigures items={items} />
      </span>
    </div>
  );
}
