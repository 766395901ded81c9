import { withConversations } from '@/lib/server/conversations/conversations-gate';
import { revokeShare } from '@/lib/server/conversations/share-handlers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string; token: string }> };

export async function DELETE(request: Request, { params }: Params): Promise<Response> {
  const { id, token } = await params;
  return withConversations(request, (context) => revokeShare(id, token, context));
}
