import { useEffect } from 'react';

interface LifecycleStore {
  getState(): { hydrate(): Promise<void>; flushSaves(): void };
}

/**
 * Loads a chat store from storage on mount and writes its pending saves when the page is hidden or
 * closed (a throttled save must not be lost to a closed tab). Shared by the page and the widget.
 */
export function useStoreLifecycle(store: LifecycleStore): void {
  useEffect(() => {
    void store.getState().hydrate();
    const flush = () => store.getState().flushSaves();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store]);
}
