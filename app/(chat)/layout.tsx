import type { ReactNode } from 'react';
import { ChatApp } from '@/components/chat/chat-app';
import { AppProviders } from '@/components/store/app-providers';
import { STORED_THEME_SCRIPT } from '@/components/theme/theme-script';

/**
 * The chat's pages (`/` and `/c/<id>`) share this layout, so the app — its store, streams and
 * scroll positions — stays mounted while the address moves between conversations; the pages
 * themselves render nothing. The theme script comes first in the body, before any content, so the
 * stored dark preference applies before the first paint.
 */
export default function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: STORED_THEME_SCRIPT }} />
      <AppProviders>
        <ChatApp />
      </AppProviders>
      {children}
    </>
  );
}
