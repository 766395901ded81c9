'use client';

import type { EmbedTheme } from '@/lib/protocol/embed-wire';
import { useAppliedTheme } from '../theme/use-applied-theme';
import { embedThemeChoice } from '../theme/theme-choice';

/**
 * Applies the widget's theme. The widget's theme belongs to the embedding site (its `data-theme`,
 * `Runnel.setTheme`), not to the visitor's main-app preference, so the app's ThemeProvider is not
 * used here.
 */
export function useEmbedTheme(theme: EmbedTheme): void {
  useAppliedTheme(embedThemeChoice(theme));
}
