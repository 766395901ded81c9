import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('masks every configured key, wherever it appears', () => {
    const key = 'my-very-own-key-123';
    const text = `Incorrect API key provided: ${key}. Again: ${key}`;
    const out = redactSecrets(text, [key]);
    expect(out).not.toContain(key);
    expect(out).toBe('Incorrect API key provided: [redacted]. Again: [redacted]');
  });
  it('masks credential shapes it was not told about', () => {
    const out = redactSecrets(
      'Authorization: Bearer abcdef123456 and sk-proj-ABCDEFGH1234 and api_key=zzzzzz999',
      [],
    );
    expect(out).toBe('Authorization: Bearer [redacted] and [redacted] and api_key=[redacted]');
  });
  it('leaves ordinary text alone', () => {
    expect(redactSecrets('model not found: qwen/qwen3-8b', ['secret-key'])).toBe(
      'model not found: qwen/qwen3-8b',
    );
  });
});
