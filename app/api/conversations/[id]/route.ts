import {
  deleteConversation,
  getConversation,
  MAX_CONVERSATION_BYTES,
  patchConversation,
  putConversation,
} from '@/lib/server/conversations/conversation-handlers';
import { withConversations } from '@/lib/server/conversations/conversations-gate';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Params): Promise<Response> {
  const { id } = await params;
  return withConversations(request, ({ store, config }) =>
    getConversation(id, store, config.checkpointMs),
  );
}

export async function PUT(request: Request, { params }: Params): Promise<Response> {
  const { id } = await params;
  return withConversations(
    request,
    ({ store }) => putConversation(id, request, store),
    MAX_CONVERSATION_BYTES,
  );
}

export async function PATCH(request: Request, { params }: Params): Promise<Response> {
  const { id } = await params;
  return withConversations(request, ({ store }) => patchConversation(id, request, store));
}

export async function DELETE(request: Request, { params }: Params): Promise<Response> {
  const { id } = await params;
  return withConversations(request, ({ store }) => deleteConversation(id, store));
}
