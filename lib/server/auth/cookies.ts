import 'server-only';
import { serialize } from 'cookie';

/**
 * A `Set-Cookie` value for the sign-in cookies: httpOnly (no script reads them), `SameSite=Lax`
 * (sent on top-level navigations, such as the identity provider's redirect back, but not on other
 * sites' requests), `Secure` on https. `maxAgeS` 0 deletes it.
 */
export function setCookie(
  name: string,
  value: string,
  options: { maxAgeS: number; secure: boolean; path?: string },
): string {
  return serialize(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: options.path ?? '/',
    maxAge: options.maxAgeS,
  });
}

/** A redirect to a path on this site (relative: it needs no idea of the public origin). */
export function redirectTo(
  location: string,
  cookies: readonly string[] = [],
  status = 303,
): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status, headers });
}
