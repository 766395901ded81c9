import type { Metadata } from 'next';
import type { ReactNode } from 'react';

export const metadata: Metadata = { title: 'Chat', robots: { index: false, follow: false } };

/**
 * The widget's pages, framed by host sites. The page itself sets the theme before the first paint,
 * since the host's choice arrives in the query string, which a layout does not see.
 */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return children;
}
