import { describe, expect, it } from 'vitest';
import { openSession, sealSession, type SessionUser } from './session';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';
const ada: SessionUser = {
  key: 'oidc:ada',
  name: 'Ada',
  method: 'oidc',
  email: 'ada@example.test',
};

describe('session cookie', () => {
  it('opens what it sealed, until it expires', async () => {
    const now = Date.UTC(2030, 0, 1);
    const token = await sealSession(ada, { secret, maxAgeS: 60, now });
    expect(await openSession(token, { secret, now: now + 59_000 })).toEqual({
      ...ada,
      expiresAt: now + 60_000,
    });
    expect(await openSession(token, { secret, now: now + 61_000 })).toBeNull();
  });

  it('is not readable: the name is not in the cookie', async () => {
    const token = await sealSession(ada, { secret, maxAgeS: 60 });
    const decoded = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join('');
    expect(decoded).not.toContain('Ada');
    expect(decoded).not.toContain('ada@example.test');
  });

  it('refuses a tampered, forged or foreign cookie', async () => {
    const token = await sealSession(ada, { secret, maxAgeS: 60 });
    const parts = token.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(await openSession(parts.join('.'), { secret })).toBeNull();
    expect(await openSession('forged', { secret })).toBeNull();
    const other = await sealSession(ada, { secret: `${secret}-other`, maxAgeS: 60 });
    expect(await openSession(other, { secret })).toBeNull();
  });
});
