'use client';

import { useQuery } from '@tanstack/react-query';
import type { UsageResponse } from '@/lib/protocol/usage-shapes';
import { useApiFetch } from '../store/use-api-fetch';

/** Days the view covers. */
export const USAGE_DAYS = 30;

/** What the server said instead of a report, in a sentence for the reader. */
async function failure(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: unknown };
  } | null;
  const message = typeof body?.error?.message === 'string' ? body.error.message : undefined;
  return new Error(message ?? `The usage could not be loaded (HTTP ${response.status}).`);
}

/**
 * The usage report of `user` (undefined: the reader's own; a user key or `*`: an administrator's
 * choice), loaded while the view is open, with days starting at the reader's midnight.
 */
export function useUsage(user: string | undefined, enabled: boolean) {
  const fetchImpl = useApiFetch();
  return useQuery({
    queryKey: ['usage', user ?? ''],
    enabled,
    staleTime: 0,
    queryFn: async (): Promise<UsageResponse> => {
      const params = new URLSearchParams({
        days: String(USAGE_DAYS),
        tz_offset: String(new Date().getTimezoneOffset()),
        ...(user ? { user } : {}),
      });
      const response = await fetchImpl(`/api/usage?${params}`, { cache: 'no-store' });
      if (!response.ok) throw await failure(response);
      return (await response.json()) as UsageResponse;
    },
  });
}
