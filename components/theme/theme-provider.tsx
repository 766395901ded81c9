'use client';

import { createContext, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { applyTheme, useAppliedTheme } from './use-applied-theme';
import { THEME_KEY, type ThemeChoice } from './theme-choice';

/** The reader's choice; `system` follows the operating system. */
export type ThemePreference = ThemeChoice;

interface ThemeContextValue {
  preference: ThemePreference;
  setPreference: (p: ThemePreference) => void;
}

export const ThemeContext = createContext<ThemeContextValue>({
  preference: 'system',
  setPreference: () => undefined,
});

const CHANGE = 'runnel-theme-change';

function read(): ThemePreference {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Light, dark or system theme, applied as the `dark` class on `<html>` (Tailwind's dark variant). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const preference = useSyncExternalStore(subscribe, read, () => 'system' as const);

  useAppliedTheme(preference);

  const setPreference = useCallback((p: ThemePreference) => {
    try {
      localStorage.setItem(THEME_KEY, p);
    } catch {
      // Storage blocked: the choice still applies for this page.
      applyTheme(p);
    }
    window.dispatchEvent(new Event(CHANGE));
  }, []);

  const value = useMemo(() => ({ preference, setPreference }), [preference, setPreference]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
