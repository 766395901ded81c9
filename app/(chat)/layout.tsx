import type { ReactNode } from 'react';
import { STORED_THEME_SCRIPT } from '@/components/theme/theme-script';

/**
 * The chat's pages. The theme script comes first in the body, before any content, so the stored
 * dark preference applies before the first paint.
 */
export default function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: STORED_THEME_SCRIPT }} />
      {children}
    </>
  );
}
