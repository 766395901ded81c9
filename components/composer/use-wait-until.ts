'use client';

import { useEffect, useState } from 'react';

/**
 * True until the clock reaches `until` (epoch ms), then false: one timer, and one re-render when
 * the wait ends (a limit's "try again in…", during which Send stays disabled).
 */
export function useWaitUntil(until: number | undefined): boolean {
  const [passed, setPassed] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (until === undefined) return;
    const timer = setTimeout(() => setPassed(until), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== undefined && passed !== until;
}
