import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { FOCUS_RING } from './button';

export interface MenuTriggerProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The button's accessible name (also its tooltip). */
  label: string;
  icon: ReactNode;
  open: boolean;
  /** The menu's element id while it is open. */
  menuId?: string | undefined;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The button of a menu button (WAI-ARIA): alone, it stands in for a menu whose code is loaded when
 * first opened, with the same name, look and state as the full one.
 */
export function MenuTrigger({
  label,
  icon,
  open,
  menuId,
  className = '',
  ref,
  ...rest
}: MenuTriggerProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      className={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100 ${FOCUS_RING} ${className}`}
      {...rest}
    >
      {icon}
    </button>
  );
}
