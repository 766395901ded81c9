import type { ReactNode } from 'react';
import { Icon } from '../ui/icon';
import { Button } from '../ui/text-button';
import { SignOutForm } from './sign-out-form';

/** Who is signed in, as the server found them: what the chat page's header shows of them. */
export interface Account {
  name: string;
  canSignOut: boolean;
  /** The user's local copy, cleared on sign-out (null: nothing kept per user). */
  localCopy: string | null;
}

/**
 * Who is signed in, and "Sign out" (a form post, after this browser's copy of their conversations
 * is cleared). Someone signed in by the sign-in proxy signs out there, so no button is offered.
 * Signed-in pages only: the chat page loads it on demand (account-parts.tsx, docs/performance.md).
 */
export function AccountMenu({
  name,
  canSignOut,
  localCopy,
  usage = null,
}: Account & {
  /** The usage view's button (composed by the page: the account menu knows no other feature). */
  usage?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span
        className="hidden max-w-40 truncate text-sm text-zinc-600 sm:inline dark:text-zinc-400"
        title={name}
      >
        <span className="sr-only">Signed in as </span>
        {name}
      </span>
      {usage}
      {canSignOut && (
        <SignOutForm localCopy={localCopy}>
          {/* On a phone the header has no room for the words: a door with an arrow says it. */}
          <Button type="submit" variant="ghost" size="sm" aria-label="Sign out" title="Sign out">
            <span className="hidden sm:inline">Sign out</span>
            <Icon className="text-lg sm:hidden">
              <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />
            </Icon>
          </Button>
        </SignOutForm>
      )}
    </div>
  );
}
