import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { STORED_THEME_SCRIPT } from '@/components/theme/theme-script';

/** Shared conversations: the reader's stored theme before the first paint, nothing else. */
export default async function ShareLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STORED_THEME_SCRIPT }} />
      {children}
    </>
  );
}
