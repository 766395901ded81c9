import type { ButtonHTMLAttributes } from 'react';

/** Shared focus ring: visible for keyboard users, never removed. */
export const FOCUS_RING =
  'outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-teal-400 dark:focus-visible:ring-offset-zinc-950';

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name (also the tooltip). */
  label: string;
  size?: 'sm' | 'md';
}

/** A square icon-only button; `label` names it for screen readers and as a tooltip. */
export function IconButton({
  label,
  size = 'md',
  className = '',
  children,
  ...rest
}: IconButtonProps) {
  const sizing = size === 'sm' ? 'h-8 w-8 text-base' : 'h-10 w-10 text-lg';
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex shrink-0 items-center justify-center rounded-lg text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-40 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 ${sizing} ${FOCUS_RING} ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}
