import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { STORED_THEME_SCRIPT } from '@/components/theme/theme-script';

/**
 * The chat's pages. The theme script comes first in the body, before any content, so the stored
 * dark preference applies before the first paint; it carries the nonce proxy.ts put in this
 * request's Content-Security-Policy.
 */
export default async function ChatLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STORED_THEME_SCRIPT }} />
      {children}
    </>
  );
}
