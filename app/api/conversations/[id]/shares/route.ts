import { withConversations } from '@/lib/server/conversations/conversations-gate';
import { createShare, listShares } from '@/lib/server/conversations/share-handlers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Params): Promise<Response> {
  const { id } = await params;
  return withConversations(request, (context) => listShares(id, context));
}

export async function POST(request: Request, { params }: Params): Promise<Response> {
  const { id } = await params;
  return withConversations(request, (context) => createShare(id, context));
}
