/** Which limit refused a request (the `limit` of a `429 rate_limited` body). */
export type LimitName = 'requests_per_minute' | 'concurrent_streams' | 'tokens_per_day';

/** "42 seconds", "3 minutes", "5 hours". */
function duration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return unit(Math.max(1, Math.round(seconds)), 'second');
  if (seconds < 90 * 60) return unit(Math.round(seconds / 60), 'minute');
  return unit(Math.round(seconds / 3600), 'hour');
}

/**
 * What a `429 rate_limited` means, in one sentence that says when to try again — from the
 * limit's name and `retry_after_s`, whatever the server's own wording.
 */
export function rateLimitSentence(
  limit: string | undefined,
  retryAfterS: number | undefined,
  now = new Date(),
): string {
  const wait = retryAfterS && retryAfterS > 0 ? retryAfterS : 60;
  const when = `Try again in ${duration(wait)}`;
  switch (limit) {
    case 'concurrent_streams':
      return `Too many answers are being written for you at once. Wait for one to finish, then try again (in about ${duration(wait)}).`;
    case 'tokens_per_day': {
      const at = new Date(now.getTime() + wait * 1000);
      const clock = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
      return `You have used today's allowance of tokens. ${when} (at ${clock}).`;
    }
    default:
      return `You have sent too many messages in a short time. ${when}.`;
  }
}
