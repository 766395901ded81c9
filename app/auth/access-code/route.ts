import { handleAccessCode } from '@/lib/server/auth/access-code-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `POST /auth/access-code` `{code, next}`: signs in with an access code. */
export function POST(request: Request): Promise<Response> {
  return handleAccessCode(request);
}
