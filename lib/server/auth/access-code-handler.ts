import 'server-only';
import { jsonError, tooManyRequests } from '../http/json-error';
import { readJsonBody } from '../http/read-body';
import { getAuthConfig } from '../config/auth-config';
import { accessCodeUser, matchAccessCode } from './access-codes';
import { addressKey } from './address-match';
import { clientAddress } from './authenticate';
import { setCookie } from './cookies';
import { isCrossSite, secureCookies } from './request-origin';
import { safeNext } from './safe-next';
import { sealSession, SESSION_COOKIE } from './session';
import { signInThrottle } from './sign-in-throttle';

async function readForm(request: Request): Promise<{ code: string; next: string } | null> {
  const body = await readJsonBody(request, 4096);
  if (!body.ok || typeof body.value !== 'object' || body.value === null) return null;
  const { code, next } = body.value as { code?: unknown; next?: unknown };
  if (typeof code !== 'string') return null;
  return { code, next: typeof next === 'string' ? next : '/' };
}

/**
 * `POST /auth/access-code` `{code, next}`: sets the session cookie for a configured code. Every
 * attempt takes a try from the client's address before its code is compared (a right code gives
 * it back); past the allowance every attempt from it answers 429 with `Retry-After`, its code
 * never looked at.
 */
export async function handleAccessCode(request: Request): Promise<Response> {
  const config = getAuthConfig();
  if (!config.accessCodes.length || !config.secret) {
    return jsonError({ status: 404, code: 'not_found', message: 'Access codes are not enabled.' });
  }
  if (isCrossSite(request.headers, config)) {
    return jsonError({
      status: 403,
      code: 'forbidden',
      message: 'Requests from other sites are refused.',
    });
  }
  const form = await readForm(request);
  if (!form)
    return jsonError({ status: 400, code: 'invalid_request', message: 'Send {"code": "…"}.' });
  // Nothing typed is no guess: it is refused without taking one of the address's tries.
  if (!form.code.trim())
    return jsonError({
      status: 400,
      code: 'invalid_request',
      param: 'code',
      message: 'Enter an access code.',
    });
  const secret = config.secret;
  const attempt = await signInThrottle().attempt(addressKey(clientAddress(request)), () =>
    matchAccessCode(config.accessCodes, form.code.trim(), secret),
  );
  if (attempt.refused) {
    return tooManyRequests(
      `Too many wrong codes. Try again in ${Math.ceil(attempt.retryAfterS / 60)} min.`,
      attempt.retryAfterS,
    );
  }
  const code = attempt.match;
  if (!code) {
    return jsonError({
      status: 401,
      code: 'wrong_code',
      message: 'That access code is not valid.',
    });
  }
  const token = await sealSession(accessCodeUser(code, config.secret), {
    secret: config.secret,
    maxAgeS: config.sessionMaxAgeS,
  });
  const cookie = setCookie(SESSION_COOKIE, token, {
    maxAgeS: config.sessionMaxAgeS,
    secure: secureCookies(request.headers, config),
  });
  return Response.json(
    { next: safeNext(form.next) },
    { headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } },
  );
}
