'use client';

import { useEffect } from 'react';
import { DARK_QUERY, type ThemeChoice } from './theme-choice';

/** Sets the `dark` class (Tailwind's dark variant) and the color scheme on `<html>`. */
export function applyTheme(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/**
 * Keeps `<html>` in the given theme, following the operating system while the choice is `system`.
 * The one way both the chat page (the reader's preference) and the widget (the host's choice)
 * apply a theme.
 */
export function useAppliedTheme(choice: ThemeChoice): void {
  useEffect(() => {
    applyTheme(choice);
    if (choice !== 'system') return;
    const media = window.matchMedia(DARK_QUERY);
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [choice]);
}
