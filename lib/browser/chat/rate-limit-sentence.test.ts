import { describe, expect, it } from 'vitest';
import { rateLimitSentence } from './rate-limit-sentence';

describe('rateLimitSentence', () => {
  it('says when to try again, per limit', () => {
    expect(rateLimitSentence('requests_per_minute', 42)).toBe(
      'You have sent too many messages in a short time. Try again in 42 seconds.',
    );
    expect(rateLimitSentence('requests_per_minute', 1)).toContain('in 1 second.');
    expect(rateLimitSentence('concurrent_streams', 5)).toContain('Wait for one to finish');
    const now = new Date(2026, 0, 1, 9, 0, 0);
    const sentence = rateLimitSentence('tokens_per_day', 5 * 3600, now);
    const clock = new Date(2026, 0, 1, 14, 0, 0).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(sentence).toBe(
      `You have used today's allowance of tokens. Try again in 5 hours (at ${clock}).`,
    );
    expect(rateLimitSentence('requests_per_minute', 600)).toContain('in 10 minutes');
  });
});
