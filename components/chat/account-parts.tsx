'use client';

import { AccountMenu, type Account } from '../auth/account-menu';
import { UsageButton } from '../usage/usage-button';

export { MoveLocalChats } from '../sync/move-local-chats';

/**
 * The signed-in user's parts of the chat page, loaded on demand (signed-in pages only, so an open
 * server's page never carries their code; docs/performance.md): who is signed in with their usage
 * and "Sign out", and the offer to move this browser's chats into the account.
 */
export function AccountArea(account: Account) {
  return <AccountMenu {...account} usage={<UsageButton />} />;
}
