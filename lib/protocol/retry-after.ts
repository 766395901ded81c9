/**
 * Seconds from a `Retry-After` header (delta-seconds or an HTTP date), when present and sensible:
 * never negative (a date already past is 0), undefined when absent or unreadable.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}
