import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { ChatApp } from '@/components/chat/chat-app';
import { AppProviders } from '@/components/store/app-providers';
import { authenticate } from '@/lib/server/auth/authenticate';
import { localCopyId } from '@/lib/server/conversations/local-copy-id';

/**
 * The conversation pages (`/` and `/c/<id>`) share this layout, so the app — its store, streams
 * and scroll positions — stays mounted while the address moves between conversations; the pages
 * themselves render nothing. Its header shows who is signed in, with their usage (when a sign-in
 * method is configured). The sign-in page, beside it in `(chat)`, gets neither.
 */
export default async function ConversationsLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const { identity } = await authenticate(requestHeaders);
  // Plain data: the chat page loads the account's parts on demand, so an open server's page (no
  // one signed in) never carries their code (docs/performance.md).
  const account =
    identity?.kind === 'user'
      ? {
          name: identity.name,
          canSignOut: identity.method !== 'proxy',
          localCopy: localCopyId(identity),
        }
      : null;
  return (
    <>
      <AppProviders user={localCopyId(identity)}>
        <ChatApp account={account} serverPath={requestHeaders.get('x-runnel-path') ?? '/'} />
      </AppProviders>
      {children}
    </>
  );
}
