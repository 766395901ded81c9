import 'server-only';
import { jsonError } from '../gateway/json-error';
import { readJsonBody } from '../gateway/read-body';
import { getAuthConfig } from '../config/auth-config';
import { accessCodeUser, matchAccessCode } from './access-codes';
import { clientAddress } from './resolve-identity';
import { setCookie } from './cookies';
import { isCrossSite, secureCookies } from './request-origin';
import { safeNext } from './safe-next';
import { sealSession, SESSION_COOKIE } from './session';
import { recordWrongCode, signInRetryAfterS } from './sign-in-throttle';

async function readForm(request: Request): Promise<{ code: string; next: string } | null> {
  const body = await readJsonBody(request, 4096);
  if (!body.ok || typeof body.value !== 'object' || body.value === null) return null;
  const { code, next } = body.value as { code?: unknown; next?: unknown };
  if (typeof code !== 'string') return null;
  return { code, next: typeof next === 'string' ? next : '/' };
}

/**
 * `POST /auth/access-code` `{code, next}`: sets the session cookie for a configured code. Wrong
 * codes count against the client's address; past the allowance every attempt from it answers 429
 * with `Retry-After`, before the code is even looked at.
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
  const address = clientAddress(request);
  const waitS = await signInRetryAfterS(address);
  if (waitS > 0) {
    const response = jsonError({
      status: 429,
      code: 'rate_limited',
      message: `Too many wrong codes. Try again in ${Math.ceil(waitS / 60)} min.`,
    });
    response.headers.set('Retry-After', String(waitS));
    return response;
  }
  const form = await readForm(request);
  if (!form)
    return jsonError({ status: 400, code: 'invalid_request', message: 'Send {"code": "…"}.' });
  const code = matchAccessCode(config.accessCodes, form.code.trim(), config.secret);
  if (!code) {
    await recordWrongCode(address);
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
