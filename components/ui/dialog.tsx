'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { IconButton } from './button';
import { CloseIcon } from './close-icon';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** As wide as the screen allows (an image), instead of a form's width. */
  wide?: boolean;
}

/**
 * A modal on the native `<dialog>`: the browser traps focus, closes on Esc and restores focus to
 * the opener, which a hand-rolled overlay would have to imitate.
 */
export function Dialog({ open, onClose, title, children, footer, wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
      className={`m-auto ${wide ? 'w-[min(64rem,calc(100vw-1.5rem))]' : 'w-[min(32rem,calc(100vw-1.5rem))]'} rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50 backdrop:backdrop-blur-[2px] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      {open && (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
            <h2 id="dialog-title" className="text-base font-semibold">
              {title}
            </h2>
            <IconButton label="Close" size="sm" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
