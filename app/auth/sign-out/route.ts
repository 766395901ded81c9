import { handleSignOut } from '@/lib/server/auth/sign-out-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `POST /auth/sign-out`. */
export function POST(request: Request): Promise<Response> {
  return handleSignOut(request);
}
