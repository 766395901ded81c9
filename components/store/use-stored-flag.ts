'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { StoredText } from './stored-text';

/** An on/off choice stored as `'1'` / `'0'`; `fallback` until one is made, and on the server. */
export function useStoredFlag(
  stored: StoredText,
  fallback: boolean,
): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    stored.subscribe,
    () => {
      const raw = stored.read();
      return raw === null ? fallback : raw === '1';
    },
    () => fallback,
  );
  const set = useCallback((on: boolean) => stored.write(on ? '1' : '0'), [stored]);
  return [value, set];
}
