import 'server-only';

/** Which limit refused a request, as the `limit` field of a `rate_limited` error names it. */
export type LimitName = 'requests_per_minute' | 'concurrent_streams' | 'tokens_per_day';

/** A request refused by a limit, before the backend is contacted. */
export interface Refusal {
  limit: LimitName;
  /** Whole seconds until trying again can succeed (at least 1). */
  retryAfterS: number;
  message: string;
}

/** `429 rate_limited` with `Retry-After`, as docs/protocol.md has it. */
export function rateLimitedResponse(refusal: Refusal): Response {
  return Response.json(
    {
      error: {
        code: 'rate_limited',
        message: refusal.message,
        retry_after_s: refusal.retryAfterS,
        limit: refusal.limit,
      },
    },
    {
      status: 429,
      headers: { 'Retry-After': String(refusal.retryAfterS), 'Cache-Control': 'no-store' },
    },
  );
}

/** Milliseconds to whole seconds, at least 1 (a `Retry-After: 0` invites an immediate retry). */
export function toRetryAfterS(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
