import { describe, expect, it } from 'vitest';
import { EMBED_PASS_TTL_S, issueEmbedPass, verifyEmbedPass } from './embed-pass';
import { sealSession } from './session';

const secret = 'a-test-secret-that-is-at-least-32-bytes-long';

describe('embed pass', () => {
  it('is good until it expires', async () => {
    const now = Date.UTC(2030, 0, 1);
    const { pass, expires_at } = await issueEmbedPass(secret, {}, now);
    expect(expires_at).toBe(now + EMBED_PASS_TTL_S * 1000);
    expect(await verifyEmbedPass(pass, secret, now + 1000)).toBe(true);
    expect(await verifyEmbedPass(pass, secret, expires_at + 1000)).toBe(false);
  });

  it('is refused when forged, altered, or signed with another secret or for another purpose', async () => {
    const { pass } = await issueEmbedPass(secret);
    const [header, , signature] = pass.split('.');
    const payload = Buffer.from(JSON.stringify({ typ: 'embed', exp: 4e9 })).toString('base64url');
    expect(await verifyEmbedPass(`${header}.${payload}.${signature}`, secret)).toBe(false);
    expect(await verifyEmbedPass((await issueEmbedPass(`${secret}!`)).pass, secret)).toBe(false);
    const session = await sealSession(
      { key: 'k', name: 'n', method: 'oidc' },
      { secret, maxAgeS: 60 },
    );
    expect(await verifyEmbedPass(session, secret)).toBe(false);
    expect(await verifyEmbedPass('', secret)).toBe(false);
  });
});
