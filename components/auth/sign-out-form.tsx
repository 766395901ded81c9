'use client';

import type { FormEvent, ReactNode } from 'react';
import { clearLocalCopy, SIGNED_OUT_KEY } from '@/lib/browser/sync/clear-local-copy';

/**
 * The sign-out form: it empties the user's local copy first (the next person on this computer must
 * not find their chats), then posts. Without script it still posts; the copy is then cleared on
 * the next sign-out.
 */
export function SignOutForm({
  localCopy,
  children,
}: {
  localCopy: string | null;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!localCopy) return;
    event.preventDefault();
    const form = event.currentTarget;
    try {
      window.localStorage.setItem(SIGNED_OUT_KEY, localCopy);
    } catch {
      // Storage blocked: nothing was kept in it either.
    }
    void clearLocalCopy(localCopy).finally(() => form.submit());
  };
  return (
    <form action="/auth/sign-out" method="post" onSubmit={onSubmit}>
      {children}
    </form>
  );
}
