'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * Server state in the browser goes through TanStack Query: one client per page, created on the
 * first render so two readers of the same page never share a cache. Queries are kept fresh by
 * their own `refetchInterval` where they need it; failed loads are retried once (a backend that
 * is down is told by the health banner, not by a stack of retries).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 },
          mutations: { retry: 0 },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
