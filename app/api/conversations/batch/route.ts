import { batchConversations } from '@/lib/server/conversations/conversation-handlers';
import { withConversations } from '@/lib/server/conversations/conversations-gate';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return withConversations(request, ({ store, config }) =>
    batchConversations(request, store, config.checkpointMs),
  );
}
