'use client';

import { useEffect } from 'react';
import { useChatStoreApi } from '../store/use-chat-store';
import { loadOptions } from './load-options';

/**
 * Signed in, a conversation's edits that need no network — rename, pin, thumbs, versions — are
 * kept and sent when the connection returns. Their code loads on demand (the page's first answer
 * needs none of it: docs/performance.md), and nothing loads offline: so once the page is idle it
 * is loaded ahead, the options menu with it. Rendered by the sidebar of signed-in pages only,
 * itself loaded on demand.
 */
export function OfflineEdits(): null {
  const store = useChatStoreApi();
  useEffect(() => {
    const load = () => {
      void loadOptions().catch(() => undefined);
      void store
        .getState()
        .prepareEdits()
        .catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 1_000);
    return () => window.clearTimeout(id);
  }, [store]);
  return null;
}
