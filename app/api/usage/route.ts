import { handleUsage } from '@/lib/server/usage/usage-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleUsage(request);
}
