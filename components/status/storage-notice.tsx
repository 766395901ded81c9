'use client';

import { Suspense } from 'react';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';

/** Loaded only when storage failed, not with the page (docs/performance.md). */
const StorageNoticeBody = lazyComponent(
  onDemand(() => import('./storage-notice-body')),
  (m) => m.StorageNoticeBody,
);

/** Storage failed (quota, private mode): say so once; the app keeps working in memory. */
export function StorageNotice() {
  const store = useChatStoreApi();
  const notice = useChatStore((s) => s.storageNotice);
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <StorageNoticeBody
        notice={notice}
        onDismiss={() => store.getState().dismissStorageNotice()}
      />
    </Suspense>
  );
}
