'use client';

import { rateLimited, type ErrorFacts } from '@/lib/browser/errors/rate-limited';
import { useNow } from '../ui/use-now';

/**
 * A limit's sentence with its wait counting down ("Try again in 52 seconds", then 51…), until the
 * limit lets the next message through. Loaded with the first refusal, not with the page
 * (docs/performance.md).
 */
export function LimitCountdown({ error, retryAt }: { error: ErrorFacts; retryAt: number }) {
  const now = useNow(true, 1000);
  const left = Math.ceil((retryAt - now) / 1000);
  if (left <= 0) return null;
  const { text, next } = rateLimited({ ...error, retry_after_s: left }, new Date(now));
  // The alert around it is announced when it appears; a timer's changes are not (its implicit
  // `aria-live` is off), so a screen reader does not read the sentence again every second.
  return (
    <p>
      {`${text}. `}
      <span role="timer">{next}</span>
    </p>
  );
}
