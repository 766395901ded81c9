'use client';

import { useRef, useState } from 'react';
import type { AssistantMessage } from '@/lib/browser/chat/message';
import { IconButton } from '../ui/button';
import { DotsIcon } from '../ui/more-icons';
import { useDismissOnOutsidePointer } from '../ui/use-dismiss';
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

/** Every figure, in a small popover above the footer (on a phone the line shows only a few). */
function AllFigures({ items }: { items: UsageItem[] }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  useDismissOnOutsidePointer(rootRef, open, setOpen);
  return (
    <span
      ref={rootRef}
      className="relative inline-flex"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <IconButton
        label="All figures"
        size="sm"
        aria-expanded={open}
        className="-my-1.5 h-7! w-7!"
        onClick={() => setOpen(!open)}
      >
        <DotsIcon />
      </IconButton>
      {open && (
        <dl
          role="group"
          aria-label="Answer figures"
          className="absolute bottom-full left-0 z-20 mb-1 grid w-60 max-w-[calc(100vw-2rem)] grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-zinc-200 bg-white p-3 text-xs shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
        >
          {items.map((item) => (
            <div key={item.label} className="contents">
              <dt className={LABEL}>{item.label}</dt>
              <dd className={`${VALUE} text-right`}>{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </span>
  );
}

/**
 * The figures under an answer, live while it streams: tokens, speed, time to first token as the
 * reader waited for it (the server's own in its tooltip), and credits with their unit. On a phone
 * one line of the main figures, every figure behind "All figures". An answer that ended without
 * usage says "Usage unknown".
 */
export function UsageLine({
  message,
  creditUnit,
}: {
  message: AssistantMessage;
  creditUnit?: string;
}) {
  const streaming = message.status === 'streaming';
  const items = usageItems(message, creditUnit);
  const hasCounts = items.some((i) => i.label === 'Completion');
  const server = items.find((i) => i.label === 'Server TTFT');
  return (
    <div
      data-testid="usage"
      data-usage-final={message.usageFinal ? 'true' : 'false'}
      {...(message.usage ? { 'data-completion-tokens': message.usage.completion_tokens } : {})}
      className="flex min-w-0 flex-nowrap items-center gap-x-3 overflow-hidden text-xs sm:flex-wrap sm:overflow-visible"
    >
      {!hasCounts && (
        <span className={LABEL}>
          {streaming ? 'Waiting for the first tokens…' : 'Usage unknown'}
        </span>
      )}
      {items
        .filter((i) => !i.detail)
        .map((item) => (
          <Item
            key={item.label}
            item={item}
            className={item.primary ? '' : 'hidden sm:inline'}
            {...(item.label === 'TTFT' && server ? { title: `Server: ${server.value}` } : {})}
          />
        ))}
      {items.length > 0 && (
        <span className="sm:hidden">
          <AllFigures items={items} />
        </span>
      )}
    </div>
  );
}
