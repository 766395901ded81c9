'use client';

import { useEffect, useRef, useState } from 'react';
import { createPoller, type Poller, type PollerOptions } from '@/lib/browser/poll/poller';

const pageTimers = {
  setTimeout: (cb: () => void, ms: number): unknown => window.setTimeout(cb, ms),
  clearTimeout: (handle: unknown): void => window.clearTimeout(handle as number),
  now: () => Date.now(),
};

export interface Polled<T> {
  data: T | undefined;
  /** Loads again now (e.g. the model list once a backend came back). */
  refresh: () => void;
}

/**
 * Server state kept fresh by a poller (lib/browser/poll/poller.ts) for as long as the component
 * is mounted: loaded at once, again at `interval`, held while the tab is hidden, and loaded again
 * when the reader comes back to a stale page. A load that returns what is already shown (same
 * JSON) changes nothing, so its readers do not render again. `options` are read when the
 * component mounts.
 */
export function usePolled<T>(
  options: Pick<PollerOptions<T>, 'load' | 'interval' | 'staleMs'>,
): Polled<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const pollerRef = useRef<Poller | null>(null);
  const [initial] = useState(options);
  const [refresh] = useState(() => () => pollerRef.current?.refresh());
  useEffect(() => {
    let shownJson: string | undefined;
    const poller = createPoller<T>({
      ...initial,
      timers: pageTimers,
      onData: (next) => {
        const json = JSON.stringify(next);
        if (json === shownJson) return;
        shownJson = json;
        setData(next);
      },
    });
    pollerRef.current = poller;
    const onShown = () => (document.hidden ? poller.pause() : poller.resume());
    document.addEventListener('visibilitychange', onShown);
    window.addEventListener('focus', onShown);
    poller.refresh();
    return () => {
      poller.stop();
      pollerRef.current = null;
      document.removeEventListener('visibilitychange', onShown);
      window.removeEventListener('focus', onShown);
    };
  }, [initial]);
  return { data, refresh };
}
