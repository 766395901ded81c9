'use client';

import { useEffect } from 'react';
import type { EmbedTheme } from '@/lib/embed/wire';

function apply(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/**
 * Applies the widget's theme as the `dark` class the chat components style by. The widget's
 * theme belongs to the embedding site (its `data-theme`, `Runnel.setTheme`), not to the visitor's
 * main-app preference, so the app's ThemeProvider is not used here.
 */
export function useEmbedTheme(theme: EmbedTheme): void {
  useEffect(() => {
    if (theme !== 'auto') return apply(theme === 'dark');
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => apply(media.matches);
    follow();
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [theme]);
}
