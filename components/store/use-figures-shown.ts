'use client';

import { useCallback } from 'react';
import { storedText } from './stored-text';
import { useStoredFlag } from './use-stored-flag';

const FIGURES_HIDDEN = storedText('runnel:figures-hidden');

/**
 * Whether the figures under answers and the conversation's token count are shown: a reader's
 * choice in the settings, remembered in this browser (`localStorage`), shown by default.
 */
export function useFiguresShown(): [boolean, (shown: boolean) => void] {
  const [hidden, setHidden] = useStoredFlag(FIGURES_HIDDEN, false);
  const setShown = useCallback((shown: boolean) => setHidden(!shown), [setHidden]);
  return [!hidden, setShown];
}
