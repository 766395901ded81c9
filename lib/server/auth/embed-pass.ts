import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import type { EmbedPass } from '../../protocol/embed-access';
import { deriveKey } from './keys';

/**
 * How long a pass is good for. Short, so a pass copied out of a page is soon worth nothing; the
 * widget renews it in the background (`EMBED_PASS_PATH`) long before then.
 */
export const EMBED_PASS_TTL_S = 60 * 60;

/** A pass for the `/embed` page: a JWT signed (HS256) with a key derived from `AUTH_SECRET`. */
export async function issueEmbedPass(secret: string, now = Date.now()): Promise<EmbedPass> {
  const nowS = Math.floor(now / 1000);
  const pass = await new SignJWT({ typ: 'embed' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + EMBED_PASS_TTL_S)
    .sign(deriveKey(secret, 'embed-pass'));
  return { pass, expires_at: (nowS + EMBED_PASS_TTL_S) * 1000 };
}

/** Whether a pass was issued by this server (same `AUTH_SECRET`) and has not expired. */
export async function verifyEmbedPass(
  pass: string,
  secret: string,
  now = Date.now(),
): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(pass, deriveKey(secret, 'embed-pass'), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
      requiredClaims: ['exp'],
    });
    return payload.typ === 'embed';
  } catch {
    return false;
  }
}
