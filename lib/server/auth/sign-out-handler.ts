import 'server-only';
import { getAuthConfig } from '../config/auth-config';
import { redirectTo, setCookie } from './cookies';
import { isCrossSite, secureCookies } from './request-origin';
import { SESSION_COOKIE } from './session';

/** `POST /auth/sign-out`: deletes the session cookie (another site's page may not sign you out). */
export function handleSignOut(request: Request): Response {
  const config = getAuthConfig();
  if (isCrossSite(request.headers, config)) return new Response('Forbidden', { status: 403 });
  const cookie = setCookie(SESSION_COOKIE, '', {
    maxAgeS: 0,
    secure: secureCookies(request.headers, config),
  });
  return redirectTo('/sign-in?signed-out=1', [cookie]);
}
