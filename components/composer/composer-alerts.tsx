'use client';

import { Suspense } from 'react';
import type { ModelTraits } from '@/lib/browser/chat/build-request';
import type { ChatState } from '@/lib/browser/chat/chat-state';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { ComposerNotices } from './send-button';
import type { ContextFit } from './use-context-fit';

// Each shown only after something went wrong, so loaded then, not with the page
// (docs/performance.md).
const LimitCountdown = lazyComponent(
  onDemand(() => import('./limit-countdown')),
  (m) => m.LimitCountdown,
);
const ContextNotice = lazyComponent(
  onDemand(() => import('./context-notice')),
  (m) => m.ContextNotice,
);

const STATUS =
  'mb-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100';

/**
 * What the composer says above the message box: why the message cannot go (yet), a limit's
 * countdown (`limited` until it ends), and whether the conversation still fits the model's context.
 */
export function ComposerAlerts({
  notices,
  limitNotice,
  limited,
  fit,
  traits,
  draft,
}: {
  notices: string[];
  limitNotice: ChatState['limitNotice'];
  limited: boolean;
  fit: ContextFit | null;
  traits: ModelTraits | null;
  draft: string;
}) {
  const countdown = limitNotice?.error && limitNotice.retryAt !== undefined;
  const shown = countdown ? notices : [...(limitNotice ? [limitNotice.text] : []), ...notices];
  return (
    <>
      <ComposerNotices notices={shown}>
        {limited && limitNotice?.error && limitNotice.retryAt !== undefined && (
          <Suspense fallback={<p>{limitNotice.text}</p>}>
            <LimitCountdown error={limitNotice.error} retryAt={limitNotice.retryAt} />
          </Suspense>
        )}
      </ComposerNotices>
      {fit && traits && (fit.over > 0 || fit.dropping) && (
        // Polite: the figure follows the draft as it is typed.
        <div role="status" className={STATUS}>
          <Suspense fallback={null}>
            <ContextNotice fit={fit} traits={traits} draft={draft} />
          </Suspense>
        </div>
      )}
    </>
  );
}
