import { QueryClient } from '@tanstack/react-query';

/**
 * The server-state cache of one page (models, health): one retry, and a refetch when the reader
 * comes back to the tab so a backend that came up meanwhile shows at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } });
}
