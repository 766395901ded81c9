'use client';

import { lazy, Suspense, useRef, useState } from 'react';
import { IconButton } from '../ui/button';
import { DownloadIcon } from '../ui/page-icons';
import { useDismissOnOutsidePointer } from '../ui/use-dismiss';

/** The menu and the exporters are loaded when first wanted, not with the page (docs/performance.md). */
const loadItems = () => import('./export-menu-items');
const ExportMenuItems = lazy(() => loadItems().then((m) => ({ default: m.ExportMenuItems })));
const preloadItems = () => void loadItems();

/** Downloads the open conversation as Markdown or JSON. */
export function ExportMenu({ conversationId }: { conversationId: string | null }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useDismissOnOutsidePointer(rootRef, open, setOpen);
  return (
    <div ref={rootRef} className="relative" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <IconButton
        label="Export conversation"
        aria-expanded={open}
        disabled={!conversationId}
        onPointerEnter={preloadItems}
        onFocus={preloadItems}
        onClick={() => setOpen(!open)}
      >
        <DownloadIcon />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <ExportMenuItems conversationId={conversationId} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
