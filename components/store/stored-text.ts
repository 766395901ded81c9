'use client';

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
