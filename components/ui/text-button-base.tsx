import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { FOCUS_RING } from './button';

// A text button in its plainest tone, the one an answer's actions (Retry, Continue) take in the
// page and the widget alike. The page's other tones (primary, ghost, danger: dialogs, the sidebar)
// are in text-button.tsx, so the widget does not load them (docs/performance.md).

/** The secondary tone: a bordered button on the page's background. */
export const SECONDARY =
  'border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

export interface TextButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The classes of its colours (`SECONDARY`, or one of text-button.tsx's). */
  tone?: string;
  size?: 'sm' | 'md';
  icon?: ReactNode;
}

/** A text button with an optional leading icon. */
export function TextButton({
  tone = SECONDARY,
  size = 'md',
  icon,
  className = '',
  children,
  ...rest
}: TextButtonProps) {
  const sizing = size === 'sm' ? 'h-8 px-2.5 text-sm gap-1.5' : 'h-10 px-4 text-sm gap-2';
  return (
    <button
      type="button"
      className={`inline-flex shrink-0 items-center justify-center rounded-lg font-medium transition-colors disabled:cursor-not-allowed ${sizing} ${tone} ${FOCUS_RING} ${className}`}
      {...rest}
    >
      {icon}
      {children}
    </button>
  );
}
