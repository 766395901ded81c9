import { startOidcSignIn } from '@/lib/server/auth/oidc-handlers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `GET /auth/oidc?next=…`: off to the OpenID provider. */
export function GET(request: Request): Promise<Response> {
  return startOidcSignIn(request);
}
