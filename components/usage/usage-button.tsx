'use client';

import { Suspense, useState } from 'react';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { IconButton } from '../ui/button';
import { BarChartIcon } from './usage-icon';

/**
 * The usage view is loaded when first wanted (the pointer on its button, or focus), not with the
 * page: most visits never open it, and the page's JavaScript has a budget (docs/performance.md).
 */
const usage = onDemand(() => import('./usage-dialog'));
const UsageDialog = lazyComponent(usage, (m) => m.UsageDialog);
const preload = () => void usage.load();

/** "Usage" (an icon button: the header is full on a phone) beside who is signed in: what their answers used and cost, by model and by day. */
export function UsageButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps its element (and the focus return).
  const [used, setUsed] = useState(false);
  return (
    <>
      <IconButton
        label="Usage"
        className="max-sm:w-8"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <BarChartIcon />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <UsageDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
