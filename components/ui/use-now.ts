'use client';

import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` while `active`: for elapsed-time labels
 * ("Waiting for the model… 3 s"). Only the component that shows the clock re-renders.
 */
export function useNow(active: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, intervalMs);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [active, intervalMs]);
  return now;
}
