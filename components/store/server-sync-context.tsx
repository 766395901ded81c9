'use client';

import { createContext, useContext } from 'react';
import type { ServerSync } from '@/lib/browser/sync/server-sync';

/** The signed-in page's server sync (null in open mode and in the widget). */
export interface ServerSyncHandle {
  user: string;
  /** The running sync (use-server-sync.ts), or null before it runs: saves then wait. */
  current(): ServerSync | null;
  /** Makes `sync` the running one; returns the undo. */
  attach(sync: ServerSync): () => void;
}

/** The handle of `user`'s page. */
export function createServerSyncHandle(user: string): ServerSyncHandle {
  let running: ServerSync | null = null;
  return {
    user,
    current: () => running,
    attach(sync) {
      running = sync;
      return () => {
        if (running === sync) running = null;
      };
    },
  };
}

export const ServerSyncContext = createContext<ServerSyncHandle | null>(null);

/** This page's server sync, when someone is signed in. */
export function useServerSyncHandle(): ServerSyncHandle | null {
  return useContext(ServerSyncContext);
}
