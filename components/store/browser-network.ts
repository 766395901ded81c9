'use client';

import type { NetworkWatch } from '@/lib/browser/chat/network-watch';

/**
 * The page's network state: an answer whose connection dropped while the browser was offline
 * reattaches the moment it is back online, rather than at the next retry.
 */
export const browserNetwork: NetworkWatch = {
  whenOnline(signal) {
    if (navigator.onLine || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        window.removeEventListener('online', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      window.addEventListener('online', done);
      signal.addEventListener('abort', done);
    });
  },
};
