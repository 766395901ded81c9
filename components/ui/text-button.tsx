import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { FOCUS_RING } from './button';

// Text buttons are the page's (dialogs, the sidebar, errors): apart from button.tsx, whose icon
// buttons and focus ring every answer uses, so the widget does not load their variants.

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-zinc-300 disabled:text-zinc-500 dark:bg-teal-500 dark:text-zinc-950 dark:hover:bg-teal-400 dark:disabled:bg-zinc-700 dark:disabled:text-zinc-400',
  secondary:
    'border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  ghost: 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
  danger:
    'bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:hover:bg-red-400 dark:text-zinc-950',
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
  icon?: ReactNode;
}

/** A text button with an optional leading icon. */
export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  className = '',
  children,
  ...rest
}: ButtonProps) {
  const sizing = size === 'sm' ? 'h-8 px-2.5 text-sm gap-1.5' : 'h-10 px-4 text-sm gap-2';
  return (
    <button
      type="button"
      className={`inline-flex shrink-0 items-center justify-center rounded-lg font-medium transition-colors disabled:cursor-not-allowed ${sizing} ${VARIANTS[variant]} ${FOCUS_RING} ${className}`}
      {...rest}
    >
      {icon}
      {children}
    </button>
  );
}
