import { handleEmbedPass } from '@/lib/server/auth/embed-pass-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `GET /embed/pass`: renews the widget's embed pass. */
export function GET(request: Request): Promise<Response> {
  return handleEmbedPass(request);
}
