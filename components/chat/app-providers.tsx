'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '../theme/theme-provider';
import { ChatStoreProvider } from './chat-store-provider';

/** Server state (TanStack Query), client state (the chat store) and the theme, per page. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ChatStoreProvider>{children}</ChatStoreProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
