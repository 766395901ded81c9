'use client';

import { Suspense, useState } from 'react';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { useChatStore } from '../store/use-chat-store';
import { MenuTrigger } from '../ui/menu-trigger';
import { DownloadIcon } from '../ui/answer-action-icons';
import { EXPORT_LABEL, EXPORT_TRIGGER } from './export-trigger';

/** The menu and the exporters are loaded when first wanted, not with the page (docs/performance.md). */
const items = onDemand(() => import('./export-menu-items'));
const ExportMenuButton = lazyComponent(items, (m) => m.ExportMenuButton);
const preloadItems = () => void items.load();

/**
 * Downloads the open conversation, or every one, as Markdown or JSON: a menu button (WAI-ARIA),
 * whose stand-in has the same name and look until the menu's code is there.
 */
export function ExportMenu({ conversationId }: { conversationId: string | null }) {
  const [loaded, setLoaded] = useState(false);
  const any = useChatStore((s) => s.order.length > 0);
  return loaded ? (
    <Suspense
      fallback={
        <MenuTrigger label={EXPORT_LABEL} icon={<DownloadIcon />} open className={EXPORT_TRIGGER} />
      }
    >
      <ExportMenuButton conversationId={conversationId} />
    </Suspense>
  ) : (
    <div className="relative">
      <MenuTrigger
        label={EXPORT_LABEL}
        icon={<DownloadIcon />}
        open={false}
        disabled={!any}
        className={`${EXPORT_TRIGGER} disabled:cursor-not-allowed disabled:opacity-40`}
        onPointerEnter={preloadItems}
        onFocus={preloadItems}
        onClick={() => void items.load().then(() => setLoaded(true))}
      />
    </div>
  );
}
