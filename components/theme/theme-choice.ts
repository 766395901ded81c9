// What the browser code needs to know about themes; the first-paint scripts the layouts inline
// are in theme-script.ts, which stays on the server.
import type { EmbedTheme } from '@/lib/protocol/embed-wire';

/** localStorage key of the chat page's theme preference. */
export const THEME_KEY = 'runnel-theme';

/** The media query that says the operating system is in dark mode. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** A theme choice: a fixed one, or `system` to follow the operating system. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The widget's theme word (`data-theme`, `Runnel.setTheme`) as a choice: `auto` is `system`. */
export function embedThemeChoice(theme: EmbedTheme): ThemeChoice {
  return theme === 'auto' ? 'system' : theme;
}
