import { describe, expect, it } from 'vitest';
import { ERROR_SENTENCES, explainError, formatWait, rateLimited } from './error-sentences';

describe('explainError', () => {
  it('names the upstream status and the next step', () => {
    expect(
      explainError({ code: 'upstream_http_error', status: 503, message: 'Service Unavailable' }),
    ).toEqual({
      text: 'The model server is busy (HTTP 503).',
      next: 'Try again in a few seconds.',
    });
  });

  it('tells a context overflow from other refusals of the same status', () => {
    const overflow = explainError({
      code: 'upstream_http_error',
      status: 400,
      message: "This model's maximum context length is 32768 tokens. However, you requested 40960",
    });
    expect(overflow.text).toBe('The conversation is too long for this model (HTTP 400).');
    const other = explainError({ code: 'upstream_http_error', status: 400, message: 'bad top_k' });
    expect(other.text).toBe('The model server refused the request (HTTP 400).');
  });

  it("gives Runnel's own 401, 413 and 429 their own sentences", () => {
    expect(explainError({ code: 'unauthorized', status: 401, message: 'x' }).text).toBe(
      'You are not signed in, or your session has ended (HTTP 401).',
    );
    expect(explainError({ code: 'request_too_large', status: 413, message: 'x' }).text).toBe(
      'This message is too large to send (HTTP 413).',
    );
    // A limit is not a fault: no status, and when to try again, per limit (the limits' own words).
    expect(
      explainError({
        code: 'rate_limited',
        status: 429,
        message: 'x',
        retry_after_s: 42,
        limit: 'requests_per_minute',
      }),
    ).toEqual({
      text: 'You have sent too many messages in a short time.',
      next: 'Try again in 42 seconds.',
    });
    expect(explainError({ code: 'rate_limited', status: 429, message: 'x' }).next).toBe(
      'Try again in 60 seconds.',
    );
    expect(
      explainError({
        code: 'rate_limited',
        message: 'x',
        retry_after_s: 5,
        limit: 'concurrent_streams',
      }).next,
    ).toContain('Wait for one to finish');
  });

  it('places a daily limit’s reset on the clock', () => {
    const now = new Date(2026, 0, 1, 9, 0, 0);
    const clock = new Date(2026, 0, 1, 14, 0, 0).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(
      rateLimited(
        { code: 'rate_limited', message: 'x', retry_after_s: 5 * 3600, limit: 'tokens_per_day' },
        now,
      ),
    ).toEqual({
      text: "You have used today's allowance of tokens",
      next: `Try again in 5 hours (at ${clock}).`,
      status: false,
    });
  });

  it('keeps upstream and Runnel statuses apart', () => {
    expect(explainError({ code: 'upstream_http_error', status: 429, message: 'x' }).text).toBe(
      'The model provider is limiting requests (HTTP 429).',
    );
  });

  it('falls back by status class for codes without a row, and without a status', () => {
    expect(explainError({ code: 'http_502', status: 502, message: 'x' }).text).toBe(
      'The server had a problem (HTTP 502).',
    );
    expect(explainError({ code: 'http_418', status: 418, message: 'x' }).text).toBe(
      'The request was refused (HTTP 418).',
    );
    expect(explainError({ code: 'mystery', message: 'x' })).toEqual({
      text: 'Something went wrong.',
      next: 'Retry; the details say what happened.',
    });
  });

  it('has a sentence and a next step, each ending in a full stop, for every row', () => {
    for (const [key, entry] of Object.entries(ERROR_SENTENCES)) {
      const [code, status] = key.split(':');
      const e = {
        code: code!,
        message: 'm',
        ...(status ? { status: Number(status) } : {}),
      };
      const s = typeof entry === 'function' ? entry(e) : entry;
      expect(s.text, key).not.toMatch(/[.!]$/);
      expect(s.next, key).toMatch(/\.$/);
    }
  });
});

describe('formatWait', () => {
  it('counts in seconds, then minutes, then hours', () => {
    expect(formatWait(0.2)).toBe('1 second');
    expect(formatWait(23)).toBe('23 seconds');
    expect(formatWait(600)).toBe('10 minutes');
    expect(formatWait(7200)).toBe('2 hours');
  });
});
