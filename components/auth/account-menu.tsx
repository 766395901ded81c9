import { Button } from '../ui/text-button';

/**
 * Who is signed in, and "Sign out" (a plain form post). Someone signed in by the sign-in proxy
 * signs out there, so no button is offered for them.
 */
export function AccountMenu({ name, canSignOut }: { name: string; canSignOut: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span
        className="hidden max-w-40 truncate text-sm text-zinc-600 sm:inline dark:text-zinc-400"
        title={name}
      >
        <span className="sr-only">Signed in as </span>
        {name}
      </span>
      {canSignOut && (
        <form action="/auth/sign-out" method="post">
          <Button type="submit" variant="ghost" size="sm">
            Sign out
          </Button>
        </form>
      )}
    </div>
  );
}
