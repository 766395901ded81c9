import { finishOidcSignIn } from '@/lib/server/auth/oidc-handlers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `GET /auth/oidc/callback`: back from the OpenID provider. */
export function GET(request: Request): Promise<Response> {
  return finishOidcSignIn(request);
}
