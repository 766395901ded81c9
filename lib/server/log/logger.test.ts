import { describe, expect, it } from 'vitest';
import { logChat } from './chat-log';
import { hashIdentity, identityHasher } from './identity-hash';
import { createLogger } from './logger';

function capture(level: Parameters<typeof createLogger>[0], secrets: string[]) {
  const lines: string[] = [];
  const logger = createLogger(level, secrets, { write: (line) => void lines.push(line) });
  return {
    logger,
    lines,
    parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('logger', () => {
  it('writes one JSON line per chat with the request fields and tokens', () => {
    const { logger, parsed } = capture('info', []);
    logChat(logger, {
      requestId: 'chat_1',
      identity: hashIdentity('user:ada', 'pepper'),
      provider: 'gpu',
      model: 'gpu:qwen',
      outcome: 'done',
      ttftMs: 120,
      durationMs: 900,
      usage: { prompt_tokens: 12, completion_tokens: 30, total_tokens: 42, credits_used: 0.5 },
    });
    const [line] = parsed();
    expect(line).toMatchObject({
      level: 'info',
      event: 'chat',
      requestId: 'chat_1',
      provider: 'gpu',
      model: 'gpu:qwen',
      outcome: 'done',
      ttftMs: 120,
      tokensIn: 12,
      tokensOut: 30,
      creditsUsed: 0.5,
    });
    expect(line?.identity).toMatch(/^[0-9a-f]{16}$/);
    expect(line?.identity).not.toContain('ada');
    expect(typeof line?.time).toBe('string');
  });

  it('scrubs configured keys and credential shapes from any field, as written', () => {
    const { logger, lines } = capture('info', ['sk-configured-0123456789']);
    logger.warn({
      errorMessage: 'Incorrect API key provided: sk-configured-0123456789',
      nested: { header: 'Bearer abcdef123456' },
    });
    expect(lines.join('')).not.toContain('sk-configured-0123456789');
    expect(lines.join('')).not.toContain('abcdef123456');
    expect(lines.join('')).toContain('[redacted]');
  });

  it('honours the level', () => {
    const { logger, lines } = capture('warn', []);
    logChat(logger, { outcome: 'done' });
    logChat(logger, { outcome: 'error', errorCode: 'upstream_timeout' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', errorCode: 'upstream_timeout' });
  });

  it('hashes identities with a pepper: stable, and different per pepper', () => {
    expect(hashIdentity('1.2.3.4', 'a')).toBe(hashIdentity('1.2.3.4', 'a'));
    expect(hashIdentity('1.2.3.4', 'a')).not.toBe(hashIdentity('1.2.3.4', 'b'));
  });

  it('keys the hasher with the shared secret, or a pepper of its own without one', () => {
    expect(identityHasher('s')('address:1.2.3.4')).toBe(identityHasher('s')('address:1.2.3.4'));
    expect(identityHasher(undefined)('address:1.2.3.4')).not.toBe(
      identityHasher(undefined)('address:1.2.3.4'),
    );
  });
});
