'use client';

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FOCUS_RING } from './button';
import { MenuTrigger } from './menu-trigger';
import { useDismissOnOutsidePointer } from './use-dismiss';

/** One entry of a menu. */
export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

export interface MenuButtonProps {
  /** The button's accessible name (also its tooltip). */
  label: string;
  icon: ReactNode;
  items: readonly MenuItem[];
  /** Classes of the button (size, visibility). */
  className?: string;
  /** Opens with the first item focused as it mounts (a menu loaded when first opened). */
  initiallyOpen?: boolean;
}

const ITEM = `flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm ${FOCUS_RING}`;

/**
 * A button that opens a menu (WAI-ARIA menu button): arrow keys move between items, Esc closes and
 * gives focus back to the button, a click elsewhere closes it.
 */
export function MenuButton({
  label,
  icon,
  items,
  className = '',
  initiallyOpen = false,
}: MenuButtonProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDismissOnOutsidePointer(rootRef, open, setOpen);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = [
      ...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      entries[(at + step + entries.length) % entries.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative" onKeyDown={open ? onKeyDown : undefined}>
      <MenuTrigger
        ref={buttonRef}
        label={label}
        icon={icon}
        open={open}
        menuId={menuId}
        className={className}
        onClick={() => setOpen(!open)}
      />
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className="absolute right-0 top-full z-50 mt-1 w-max min-w-44 max-w-[calc(100vw-1rem)] rounded-xl border border-zinc-200 bg-white p-1 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
        >
          {items.map((item, i) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              autoFocus={i === 0}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
              className={`${ITEM} ${
                item.danger
                  ? 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50'
                  : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'
              }`}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
