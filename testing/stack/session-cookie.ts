import { hkdfSync } from 'node:crypto';
import { EncryptJWT, SignJWT } from 'jose';
import { E2E_AUTH_SECRET } from './auth-stack';

/**
 * A session cookie value made the way the server makes them (lib/server/auth/session.ts; that
 * module is server-only, so the recipe is repeated here): lets a spec present a session that
 * expired, without waiting for one to. Specs pair every use with a control (the same recipe with
 * a future expiry is accepted), so a drift from the server's format cannot pass unnoticed.
 */
export async function mintSession(options: { name: string; expiresInS: number; secret?: string }) {
  const key = new Uint8Array(
    hkdfSync('sha256', options.secret ?? E2E_AUTH_SECRET, 'runnel', 'runnel session v1', 32),
  );
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT({ n: options.name, m: 'access-code' })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setSubject(`code:${options.name}`)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now + options.expiresInS)
    .encrypt(key);
}

/**
 * An embed pass naming the site `host`, made the way the server makes them
 * (lib/server/auth/embed-pass.ts, server-only, so repeated here): what the `/embed` page gives a
 * widget framed by that site, for specs that call the API as such a widget's visitor.
 */
export async function mintEmbedPass(options: { secret: string; host?: string }): Promise<string> {
  const key = new Uint8Array(
    hkdfSync('sha256', options.secret, 'runnel', 'runnel embed-pass v1', 32),
  );
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'embed', ...(options.host ? { host: options.host } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
}
