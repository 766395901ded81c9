import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover (menu, listbox) when the pointer goes down outside `root` while it is open.
 * Shared by the header's menus so they all dismiss the same way.
 */
export function useDismissOnOutsidePointer(
  root: RefObject<HTMLElement | null>,
  open: boolean,
  /** A state setter (stable), called with `false`. */
  setOpen: (open: boolean) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [root, open, setOpen]);
}
