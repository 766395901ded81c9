'use client';

import { useEffect, useState } from 'react';
import { whenIdle } from '../markdown/idle';

/**
 * Whether the conversation meter may load: it sums answers that have ended, so it loads in idle
 * time once the open conversation has messages and nothing streams — never during the first
 * answer (docs/performance.md) — and stays loaded after, so it does not blink out while the next
 * answer streams.
 */
export function useMeterLoaded(hasMessages: boolean, running: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  const due = !loaded && hasMessages && !running;
  useEffect(() => {
    if (due) return whenIdle(() => setLoaded(true), 1_000);
  }, [due]);
  return loaded;
}
