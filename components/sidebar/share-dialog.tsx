'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiFetch } from '../store/use-api-fetch';
import { CopyButton } from '../ui/copy-button';
import { Dialog } from '../ui/dialog';
import { Button } from '../ui/text-button';

interface ShareLink {
  token: string;
  createdAt: number;
  path: string;
}

/**
 * A conversation's share links (signed in): each a read-only snapshot at `/s/<token>`, copied or
 * revoked here. Server state through TanStack Query; a revoke disappears at once and comes back
 * if the server refuses it.
 */
export function ShareDialog({
  id,
  open,
  onClose,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const fetchFn = useApiFetch();
  const client = useQueryClient();
  const key = ['shares', id] as const;
  const base = `/api/conversations/${encodeURIComponent(id)}/shares`;
  const links = useQuery({
    queryKey: key,
    enabled: open,
    queryFn: async () => {
      const response = await fetchFn(base);
      if (!response.ok) throw new Error(String(response.status));
      return ((await response.json()) as { shares: ShareLink[] }).shares;
    },
  });
  const create = useMutation({
    mutationFn: async () => {
      const response = await fetchFn(base, { method: 'POST' });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as ShareLink;
    },
    // The new link is shown from the answer itself: a list read that was already on its way
    // (started before the link existed) must not hide it.
    onSuccess: async (link) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<ShareLink[]>(key, (old) => [
        link,
        ...(old ?? []).filter((l) => l.token !== link.token),
      ]);
    },
  });
  const revoke = useMutation({
    mutationFn: async (token: string) => {
      const response = await fetchFn(`${base}/${token}`, { method: 'DELETE' });
      if (!response.ok) throw new Error(String(response.status));
    },
    onMutate: async (token) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ShareLink[]>(key);
      client.setQueryData<ShareLink[]>(key, (old) => old?.filter((l) => l.token !== token));
      return { previous };
    },
    onError: (_error, _token, context) => client.setQueryData(key, context?.previous),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const failed = links.isError || create.isError;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share conversation"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="primary"
            disabled={create.isPending || links.isPending}
            onClick={() => create.mutate()}
          >
            Create link
          </Button>
        </>
      }
    >
      <p className="text-sm">
        A link shows this conversation as it is now, read-only: messages and reasoning, nothing
        else.
      </p>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {create.error?.message === '409'
            ? 'This conversation has as many share links as it may: revoke one to make another.'
            : 'Sharing is not available for this conversation yet (it may not have reached the server).'}
        </p>
      ) : null}
      <ul aria-label="Share links" className="mt-3 flex flex-col gap-2">
        {(links.data ?? []).map((link) => {
          const url = `${window.location.origin}${link.path}`;
          return (
            <li key={link.token} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-mono" title={url}>
                {url}
              </span>
              <CopyButton text={url} label="Copy link" />
              <Button variant="ghost" size="sm" onClick={() => revoke.mutate(link.token)}>
                Revoke
              </Button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
