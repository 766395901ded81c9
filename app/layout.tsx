import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Runnel',
  description: 'Chat with OpenAI-compatible inference backends.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#09090b' },
  ],
};

/**
 * The document shell shared by the chat and the widget. Each route group's layout sets its own
 * theme before the first paint: the chat from the reader's stored preference, the widget from the
 * host page's choice. Every page is rendered per request: its scripts carry the nonce of that
 * request's Content-Security-Policy (proxy.ts), which a page prerendered at build time could not.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        {children}
      </body>
    </html>
  );
}
