'use client';

import { useCallback, useSyncExternalStore } from 'react';

/** A value kept in this browser's `localStorage`, read by every component and tab that shows it. */
export interface StoredText {
  read(): string | null;
  /** Saves and tells every reader on this page (other tabs hear the `storage` event). */
  write(value: string): void;
  subscribe(onChange: () => void): () => void;
}

/** The text under `key`. Storage that throws simply does not remember. */
export function storedText(key: string): StoredText {
  const listeners = new Set<() => void>();
  return {
    read() {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // No storage: nothing to remember it in.
      }
      for (const l of listeners) l();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      // A choice made in another tab holds here too.
      window.addEventListener('storage', onChange);
      return () => {
        listeners.delete(onChange);
        window.removeEventListener('storage', onChange);
      };
    },
  };
}

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
