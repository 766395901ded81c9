import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import type { EmbedPass } from '../../protocol/embed-access';
import { deriveKey } from './keys';

/**
 * How long a pass is good for. Short, so a pass copied out of a page is soon worth nothing; the
 * widget renews it in the background (`EMBED_PASS_PATH`) long before then.
 */
export const EMBED_PASS_TTL_S = 60 * 60;

/** What a valid pass vouches for. */
export interface EmbedPassClaims {
  /**
   * The origin of the page that framed the widget, as the browser named it when the `/embed` page
   * was loaded (and allowed to embed it then). What a site's budget is counted under: a request
   * header would let one client charge any site.
   */
  host?: string;
}

/** A pass for the `/embed` page: a JWT signed (HS256) with a key derived from `AUTH_SECRET`. */
export async function issueEmbedPass(
  secret: string,
  claims: EmbedPassClaims = {},
  now = Date.now(),
): Promise<EmbedPass> {
  const nowS = Math.floor(now / 1000);
  const pass = await new SignJWT({ typ: 'embed', ...(claims.host ? { host: claims.host } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + EMBED_PASS_TTL_S)
    .sign(deriveKey(secret, 'embed-pass'));
  return { pass, expires_at: (nowS + EMBED_PASS_TTL_S) * 1000 };
}

/** What a pass issued by this server (same `AUTH_SECRET`) and not expired says; null otherwise. */
export async function readEmbedPass(
  pass: string,
  secret: string,
  now = Date.now(),
): Promise<EmbedPassClaims | null> {
  try {
    const { payload } = await jwtVerify(pass, deriveKey(secret, 'embed-pass'), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
      requiredClaims: ['exp'],
    });
    if (payload.typ !== 'embed') return null;
    return typeof payload.host === 'string' ? { host: payload.host } : {};
  } catch {
    return null;
  }
}

/** Whether a pass was issued by this server (same `AUTH_SECRET`) and has not expired. */
export async function verifyEmbedPass(
  pass: string,
  secret: string,
  now = Date.now(),
): Promise<boolean> {
  return (await readEmbedPass(pass, secret, now)) !== null;
}
