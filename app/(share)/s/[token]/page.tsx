import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SharedConversationView } from '@/components/share/shared-conversation';
import { sharedConversation } from '@/lib/server/conversations/share-page';

// A share link is a capability: never indexed, never followed.
export const metadata: Metadata = {
  title: 'Shared chat · Runnel',
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

/**
 * `/s/<token>`: a read-only snapshot of a conversation, its messages and reasoning rendered as
 * Markdown; unknown or revoked tokens are 404. Framed by nobody (proxy.ts).
 */
export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const shared = await sharedConversation(token);
  if (!shared) notFound();
  return <SharedConversationView conversation={shared} />;
}
