import { headers } from 'next/headers';
import { AccountMenu } from '@/components/auth/account-menu';
import { AppProviders } from '@/components/store/app-providers';
import { ChatApp } from '@/components/chat/chat-app';
import { authenticate } from '@/lib/server/auth/resolve-identity';

/** The chat page; its header shows who is signed in (when a sign-in method is configured). */
export default async function HomePage() {
  const { identity } = await authenticate(await headers());
  const account =
    identity?.kind === 'user' ? (
      <AccountMenu name={identity.name} canSignOut={identity.method !== 'proxy'} />
    ) : null;
  return (
    <AppProviders>
      <ChatApp account={account} />
    </AppProviders>
  );
}
