import {
  importConversations,
  MAX_IMPORT_BYTES,
} from '@/lib/server/conversations/conversation-handlers';
import { withConversations } from '@/lib/server/conversations/conversations-gate';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return withConversations(
    request,
    ({ store }) => importConversations(request, store),
    MAX_IMPORT_BYTES,
  );
}
