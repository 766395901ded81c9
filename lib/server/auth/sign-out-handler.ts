import 'server-only';
import { parse as parseCookies } from 'cookie';
import { getAuthConfig } from '../config/auth-config';
import { redirectTo, setCookie } from './cookies';
import { isCrossSite, secureCookies } from './request-origin';
import { openSession, SESSION_COOKIE } from './session';
import { revokedSessions } from './session-revocation';

/**
 * `POST /auth/sign-out`: signs the session out — revoked until it would have expired, on every
 * instance with Redis, so a copy of the cookie is worth nothing — and deletes the cookie (another
 * site's page may not sign you out).
 */
export async function handleSignOut(request: Request): Promise<Response> {
  const config = getAuthConfig();
  if (isCrossSite(request.headers, config)) return new Response('Forbidden', { status: 403 });
  const token = parseCookies(request.headers.get('cookie') ?? '')[SESSION_COOKIE];
  const session =
    token && config.secret ? await openSession(token, { secret: config.secret }) : null;
  if (token && session) await revokedSessions().revoke(token, session.expiresAt);
  const cookie = setCookie(SESSION_COOKIE, '', {
    maxAgeS: 0,
    secure: secureCookies(request.headers, config),
  });
  return redirectTo('/sign-in?signed-out=1', [cookie]);
}
