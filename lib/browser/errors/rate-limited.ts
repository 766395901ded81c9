/**
 * Runnel's own rate-limit sentence, apart from the error table so the chat runner (loaded with the
 * page) can say it when a limit sends a question back, without loading every error's sentence.
 */

/** The fields of an error that the sentences may use (a stream error, or an HTTP refusal). */
export interface ErrorFacts {
  code: string;
  message: string;
  status?: number;
  /** Seconds until a rate limit lets the next request through (Runnel's own 429). */
  retry_after_s?: number;
  /** Which limit refused (Runnel's own 429): `requests_per_minute`, `concurrent_streams`, `tokens_per_day`. */
  limit?: string;
}

/**
 * A sentence without its final full stop (the status is added to it), and what to do next.
 * `status: false` leaves "(HTTP n)" out: for a limit, which is not a fault.
 */
export interface ErrorSentence {
  text: string;
  next: string;
  status?: false;
}

/** "42 seconds", "3 minutes", "5 hours": how long until a limit lets the next request through. */
export function formatWait(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return unit(Math.max(1, Math.round(seconds)), 'second');
  if (seconds < 90 * 60) return unit(Math.round(seconds / 60), 'minute');
  return unit(Math.round(seconds / 3600), 'hour');
}

/**
 * Runnel's own 429 (`rate_limited`), by the limit that refused: when to try again, from
 * `retry_after_s` (a minute when the server did not say). `now` places a daily limit's reset on the
 * clock.
 */
export function rateLimited(e: ErrorFacts, now = new Date()): ErrorSentence {
  const wait = e.retry_after_s && e.retry_after_s > 0 ? e.retry_after_s : 60;
  switch (e.limit) {
    case 'concurrent_streams':
      return {
        text: 'Too many answers are being written for you at once',
        next: `Wait for one to finish, then try again (in about ${formatWait(wait)}).`,
        status: false,
      };
    case 'tokens_per_day': {
      const at = new Date(now.getTime() + wait * 1000);
      const clock = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
      return {
        text: "You have used today's allowance of tokens",
        next: `Try again in ${formatWait(wait)} (at ${clock}).`,
        status: false,
      };
    }
    default:
      return {
        text: 'You have sent too many messages in a short time',
        next: `Try again in ${formatWait(wait)}.`,
        status: false,
      };
  }
}
